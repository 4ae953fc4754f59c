import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NoResultError } from 'kysely';
import { format } from 'sql-formatter';
import type { DialectName } from '../../src/db/dialect.js';
import { recordingDb, type RecordedStatement } from './recording-db.js';
import type { RepoSamples, Sample, SampleAnswers } from './sample-types.js';

/**
 * Runs every repository's samples (`*.samples.ts` under src/) on a recording database of each
 * dialect and renders what they send as the text of packages/server/queries/<dialect>/*.sql, in
 * memory: sync-sql.ts writes it, test/sql-snapshots.test.ts compares it with the committed files.
 */

export const DIALECTS: readonly DialectName[] = ['sqlite', 'postgres'];
export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const QUERIES_DIR = join(SERVER_DIR, 'queries');
const SRC_DIR = join(SERVER_DIR, 'src');
const FORMATTER_LANGUAGE = { sqlite: 'sqlite', postgres: 'postgresql' } as const;

/** The queries' files: path under queries/ (`sqlite/files-repo.sql`) to content. */
export interface RenderedQueries {
  files: Map<string, string>;
  /** Statements written per dialect (transaction control not counted). */
  queries: Record<DialectName, number>;
}

type AnyRepo = Record<string, unknown>;
type AnySamples = RepoSamples<AnyRepo> & { methods: Record<string, readonly Sample<unknown[]>[]> };

/** The .sql files under queries/<dialect>/, as `sqlite/files-repo.sql`. */
export function committedFiles(): string[] {
  return DIALECTS.flatMap((dialect) => {
    let names: string[];
    try {
      names = readdirSync(join(QUERIES_DIR, dialect));
    } catch {
      return [];
    }
    return names.filter((n) => n.endsWith('.sql')).map((n) => `${dialect}/${n}`);
  }).sort();
}

/** Every `*.samples.ts` under src/, sorted. */
export function samplesFiles(dir = SRC_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return samplesFiles(path);
      return e.name.endsWith('.samples.ts') ? [path] : [];
    })
    .sort();
}

/**
 * The name of a repository file's queries: its folder and its name (`modules/admin/files-repo.ts`:
 * `admin-files-repo`), the folder said once (`jobs/jobs-repo.ts`: `jobs-repo`).
 */
export function queriesName(samplesFile: string): string {
  const area = basename(dirname(samplesFile));
  const base = basename(samplesFile, '.samples.ts');
  return base === area || base.startsWith(`${area}-`) ? base : `${area}-${base}`;
}

const isSamples = (v: unknown): v is AnySamples =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as AnySamples).name === 'string' &&
  typeof (v as AnySamples).create === 'function' &&
  typeof (v as AnySamples).methods === 'object';

interface NormalSample {
  args: readonly unknown[];
  label?: string;
  answers?: SampleAnswers;
  callReturned?: readonly unknown[];
}

const normal = (s: Sample<unknown[]>): NormalSample => (Array.isArray(s) ? { args: s } : (s as NormalSample));

const answersFor = (answers: SampleAnswers | undefined, dialect: DialectName) =>
  answers === undefined
    ? []
    : Array.isArray(answers)
      ? answers
      : ((answers as Record<string, never[]>)[dialect] ?? []);

/** A statement formatted for reading; Kysely's placeholders (`?`, `$1`) are kept as they are. */
function formatted(statement: RecordedStatement, dialect: DialectName, end = ';'): string {
  if (statement.kind !== 'query') return `${statement.sql}${end}`;
  try {
    return `${format(statement.sql, { language: FORMATTER_LANGUAGE[dialect] })}${end}`;
  } catch {
    return `-- (sql-formatter could not read this one: as sent)\n${statement.sql.trim()}${end}`;
  }
}

const isFragment = (v: unknown): v is { compile(db: unknown): { sql: string } } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { compile?: unknown }).compile === 'function' &&
  typeof (v as { toOperationNode?: unknown }).toOperationNode === 'function';

function stoppedNote(err: unknown): string {
  if (err instanceof NoResultError)
    return '-- stopped here: the last query found no row (give the sample answers to go further)';
  const e = err instanceof Error ? err : new Error(String(err));
  return `-- stopped here: ${e.name}: ${e.message.split('\n')[0]}`;
}

/** One method's section for one sample: a comment line naming it, then what it sends. */
async function runSample(
  samples: AnySamples,
  method: string,
  sample: NormalSample,
  title: string,
  dialect: DialectName,
): Promise<{ text: string; queries: number }> {
  const rec = recordingDb(dialect, answersFor(sample.answers, dialect));
  const repo = samples.create(rec.db);
  const lines = [`-- ${title}`];
  const flush = () => {
    lines.push(...rec.statements.map((s) => formatted(s, dialect)));
    const n = rec.statements.filter((s) => s.kind === 'query').length;
    rec.statements.length = 0;
    return n;
  };
  let queries = 0;
  try {
    let result = await (repo[method] as (...a: unknown[]) => unknown)(...sample.args);
    queries += flush();
    if (typeof result === 'function') {
      lines.push('-- the function it answers, called with the database:');
      result = await (result as (...a: unknown[]) => unknown)(rec.db, ...(sample.callReturned ?? []));
      queries += flush();
    }
    if (isFragment(result)) {
      const fragment: RecordedStatement = { kind: 'query', sql: result.compile(rec.db).sql, parameters: [] };
      lines.push('-- answers this SQL, for a caller to send:', formatted(fragment, dialect, ''));
    } else if (lines.length === 1) lines.push('-- sends no SQL');
  } catch (err) {
    queries += flush();
    lines.push(stoppedNote(err));
  }
  return { text: lines.join('\n'), queries };
}

/** The sections of one repository on one dialect, its methods in the order the repository lists them. */
async function renderRepo(samples: AnySamples, dialect: DialectName, file: string) {
  const keys = Object.entries(samples.create(recordingDb(dialect).db))
    .filter(([, v]) => typeof v === 'function')
    .map(([k]) => k);
  const declared = Object.keys(samples.methods);
  const missing = keys.filter((k) => !declared.includes(k));
  const extra = declared.filter((k) => !keys.includes(k));
  const problems = [
    ...(missing.length ? [`no samples for ${missing.join(', ')}`] : []),
    ...(extra.length ? [`samples of methods it does not have: ${extra.join(', ')}`] : []),
  ];
  if (problems.length) throw new Error(`${file} (${samples.name}): ${problems.join('; ')}`);
  const sections: string[] = [];
  let queries = 0;
  for (const method of keys) {
    const list = (samples.methods[method] ?? []).map(normal);
    for (const [i, sample] of list.entries()) {
      const label = sample.label ?? (list.length > 1 ? `sample ${i + 1}` : undefined);
      const title = `${samples.name}.${method}${label ? ` (${label})` : ''}`;
      const run = await runSample(samples, method, sample, title, dialect);
      sections.push(run.text);
      queries += run.queries;
    }
  }
  return { sections, queries };
}

/** Every queries file, rendered from the samples as they are now. */
export async function renderQueries(): Promise<RenderedQueries> {
  const files = new Map<string, string>();
  const queries: Record<DialectName, number> = { sqlite: 0, postgres: 0 };
  for (const file of samplesFiles()) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    // By export name: module namespaces list their keys in different orders under tsx and vitest.
    const all = Object.keys(mod)
      .sort()
      .map((k) => mod[k])
      .filter(isSamples);
    const source = relative(SERVER_DIR, file).split('\\').join('/');
    if (all.length === 0) throw new Error(`${source} exports no samples`);
    const name = queriesName(file);
    for (const dialect of DIALECTS) {
      const sections: string[] = [];
      for (const samples of all.filter((s) => !s.dialects || s.dialects.includes(dialect))) {
        const r = await renderRepo(samples, dialect, source);
        sections.push(...r.sections);
        queries[dialect] += r.queries;
      }
      if (sections.length === 0) continue;
      const path = `${dialect}/${name}.sql`;
      if (files.has(path)) throw new Error(`two samples files write ${path}`);
      const header = `-- Generated by \`npm run sql\` from ${source}: the SQL each call sends (${dialect}). Do not edit.`;
      files.set(path, `${[header, ...sections].join('\n\n')}\n`);
    }
  }
  return { files, queries };
}
