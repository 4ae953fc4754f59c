import type { Db } from '../../src/db/database.js';
import type { DialectName } from '../../src/db/dialect.js';
import type { CannedAnswer } from './recording-db.js';

/**
 * The sample calls of a repository, declared beside it (`X.samples.ts` next to `X.ts`) and run by
 * `npm run sql` against a recording database of each dialect (recording-db.ts) to write the SQL it
 * sends into packages/server/queries/. Samples import these types only.
 */

/**
 * What the 1st, 2nd… query of a call answers (transaction control not counted), for a method whose
 * later queries run only once earlier ones found rows. The same for both dialects, or per dialect
 * when they send a different number of queries first (PostgreSQL's advisory locks).
 */
export type SampleAnswers =
  | readonly (CannedAnswer | undefined)[]
  | { readonly [D in DialectName]?: readonly (CannedAnswer | undefined)[] };

/**
 * One call of a method: its arguments, or its arguments with a label and canned answers. A method
 * that answers a function of the database (a write for another repository's transaction) has it
 * called with the recording database, then `callReturned`.
 */
export type Sample<Args extends readonly unknown[]> =
  | Args
  | {
      readonly args: Args;
      readonly label?: string;
      readonly answers?: SampleAnswers;
      readonly callReturned?: readonly unknown[];
    };

/** The keys of `R` whose values are functions: the methods that must have samples. */
export type MethodKeys<R> = {
  [K in keyof R]-?: R[K] extends (...args: never[]) => unknown ? K : never;
}[keyof R];

type ArgsOf<F> = F extends (...args: infer A) => unknown ? A : never;

/** At least one sample for every method of `R`, and none for a method `R` does not have. */
export type MethodSamples<R> = {
  [K in MethodKeys<R>]: readonly [Sample<ArgsOf<R[K]>>, ...Sample<ArgsOf<R[K]>>[]];
};

export interface RepoSamples<R> {
  /** How the SQL files name it: `-- FilesRepo.byId`. */
  name: string;
  /** Builds the repository on a database handle (a fresh one for every sample). */
  create: (db: Db) => R;
  /** The dialects it runs on (default: both): a dialect's own engine runs on that dialect only. */
  dialects?: readonly DialectName[];
  methods: MethodSamples<R>;
}

/**
 * The samples of the repository the factory `F` builds: `export const samples = {…} satisfies
 * SamplesOf<typeof createFilesRepo>` (a method without samples, or samples of a method that is
 * gone, do not compile).
 */
export type SamplesOf<F extends (db: Db) => object> = RepoSamples<ReturnType<F>>;
