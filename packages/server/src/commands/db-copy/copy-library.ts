import type { FileStorage } from '../../platform/storage/types.js';
import { copyBlobs, type BlobReport } from './blobs.js';
import { copyTable } from './copy-table.js';
import { rebuildSearchIndex } from './rebuild-search.js';
import type { CopySource, SourceSnapshot } from './source.js';
import { COPIED_TABLES, unknownTables } from './tables.js';
import type { CopyTarget, TargetWriter } from './target.js';
import { compareCounts, compareSearches, sampleWords, type Check } from './verify.js';

/** The copy cannot run; not a row was written to the target database. */
export class CopyRefused extends Error {}

/** A comparison failed: what the copy wrote was taken out again; the target is empty. */
export class VerificationFailed extends Error {
  constructor(readonly checks: Check[]) {
    super(`verification failed: ${checks.filter((c) => !c.ok).length} of ${checks.length} checks differ`);
  }
}

export interface CopyReport {
  tables: { name: string; rows: number; seconds: number }[];
  indexed: number;
  blobs: BlobReport | null;
  /** Text values that held NUL characters (removed: PostgreSQL text cannot hold them). */
  nulsRemoved: number;
  checks: Check[];
  seconds: number;
}

/** Sample searches compared after the copy. */
const SAMPLE_TITLES = 60;
const SAMPLE_WORDS = 10;

/**
 * Copies the library `source` (one snapshot) into the empty database `target`: checks both sides,
 * optionally copies the stored PDFs, copies every table in dependency order in one transaction
 * (identity counters moved past the copied ids), rebuilds the search index in batches, then
 * compares row counts and sample searches. A failure after the rows were committed (the index, a
 * check) takes them out again: the target is left as empty as it was found.
 */
export async function copyLibrary(deps: {
  source: CopySource;
  target: CopyTarget;
  files: { root: string; from: Pick<FileStorage, 'size'>; to: Pick<FileStorage, 'size' | 'putFile'> } | null;
  log: (line: string) => void;
}): Promise<CopyReport> {
  const { source, target, log } = deps;
  const started = performance.now();
  await refuseUnlessEmpty(target);
  return source.snapshot(async (snap) => {
    const columns = await checkSchemas(snap, target);
    let blobs: BlobReport | null = null;
    if (deps.files) {
      const shas = await snap.blobs();
      log(`copying ${shas.length} stored PDFs`);
      blobs = await copyBlobs(shas, { root: deps.files.root, storage: deps.files.from }, deps.files.to, (n) =>
        log(`  ${n} of ${shas.length} PDFs`),
      );
      log(
        `  ${blobs.copied} copied, ${blobs.present} already there, ${blobs.missing.length} missing in the source`,
      );
    }
    const stats = { nulsRemoved: 0 };
    const tables = await target.fill((w) => copyTables(snap, w, columns, stats, log));
    try {
      const t0 = performance.now();
      const indexed = await rebuildSearchIndex(target, (n) => n % 5000 === 0 && log(`  indexed ${n} files`));
      log(`rebuilt the search index: ${indexed} files in ${seconds(t0)} s`);
      await target.analyze();
      const checks = await verify(snap, target);
      if (checks.some((c) => !c.ok)) throw new VerificationFailed(checks);
      return { tables, indexed, blobs, nulsRemoved: stats.nulsRemoved, checks, seconds: seconds(started) };
    } catch (err) {
      // The rows were committed before the index was built: take them out again, so that nothing
      // half-done is left and a second run starts on an empty database.
      await target.undo().catch((e: unknown) => {
        log(`could not take the copied rows out again (${String(e)}): drop and recreate the target`);
      });
      throw err;
    }
  });
}

/** Row counts of every copied table and the sample searches, on both sides. */
async function verify(snap: SourceSnapshot, target: CopyTarget): Promise<Check[]> {
  const words = sampleWords(await snap.sampleTitles(SAMPLE_TITLES), SAMPLE_WORDS);
  return [
    ...(await compareCounts(
      COPIED_TABLES.map((t) => t.name),
      snap,
      target,
    )),
    ...(await compareSearches(words, await snap.privateOwner(), snap.search, target.search)),
  ];
}

/** Every table's rows in dependency order, each identity moved past the highest id the source gave. */
async function copyTables(
  snap: SourceSnapshot,
  w: TargetWriter,
  columns: Map<string, string[]>,
  stats: { nulsRemoved: number },
  log: (line: string) => void,
): Promise<CopyReport['tables']> {
  const tables: CopyReport['tables'] = [];
  for (const table of COPIED_TABLES) {
    const t0 = performance.now();
    const rows = await copyTable(snap, w, table, columns.get(table.name) ?? [], stats, (n) =>
      log(`  ${table.name}: ${n} rows`),
    );
    tables.push({ name: table.name, rows, seconds: seconds(t0) });
    log(`copied ${table.name}: ${rows} rows in ${seconds(t0)} s`);
    if (table.identity) {
      const highest = await snap.highWater(table.name, table.identity);
      await w.continueIdentityAfter(table.name, table.identity, highest);
    }
  }
  return tables;
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** Refuses a target that holds anything: the copy only ever fills an empty database. */
async function refuseUnlessEmpty(target: CopyTarget): Promise<void> {
  const contents = await target.contents();
  const foreign = unknownTables(contents.map((t) => t.name));
  if (foreign.length > 0) {
    throw new CopyRefused(
      `the target database has tables that are not the library's (${foreign.join(', ')}): ` +
        'copy into an empty database (or an empty schema: ?options=-c search_path=SCHEMA). Nothing was changed.',
    );
  }
  const filled = contents.filter((t) => t.rows > 0);
  if (filled.length > 0) {
    const list = filled.map((t) => `${t.name}: ${t.rows} rows`).join(', ');
    throw new CopyRefused(
      `the target database already holds a library (${list}): db:copy only fills an empty database ` +
        '(to start again, drop and recreate it). Nothing was changed.',
    );
  }
}

/**
 * Both sides must have exactly the tables the copier knows, the same migrations and the same
 * columns; answers the columns of each copied table. Migrates the (empty) target first.
 */
async function checkSchemas(snap: SourceSnapshot, target: CopyTarget): Promise<Map<string, string[]>> {
  const sourceTables = await snap.tables();
  const unknown = unknownTables(sourceTables.map((t) => t.name));
  if (unknown.length > 0) {
    throw new CopyRefused(
      `the source has tables db:copy does not know (${unknown.join(', ')}): their rows would be lost. ` +
        'Say how to copy them in src/commands/db-copy/tables.ts.',
    );
  }
  await target.migrate();
  const [applied, release] = [await snap.migrations(), await target.migrations()];
  const missing = release.filter((m) => !applied.includes(m));
  const unknownToRelease = applied.filter((m) => !release.includes(m));
  if (missing.length > 0) {
    throw new CopyRefused(
      `the source database lacks this release's migrations ${missing.join(', ')}: ` +
        'start this release on it once (it migrates at start), then copy.',
    );
  }
  if (unknownToRelease.length > 0) {
    throw new CopyRefused(
      `the source database has migrations this release does not know (${unknownToRelease.join(', ')}): ` +
        'copy with the release that wrote them.',
    );
  }
  const targetTables = await target.tables();
  const strange = unknownTables(targetTables.map((t) => t.name));
  if (strange.length > 0)
    throw new CopyRefused(`the target has tables db:copy does not know: ${strange.join(', ')}`);
  const columns = new Map<string, string[]>();
  for (const { name } of COPIED_TABLES) {
    const a = sourceTables.find((t) => t.name === name)?.columns ?? [];
    const b = targetTables.find((t) => t.name === name)?.columns ?? [];
    if ([...a].sort().join() !== [...b].sort().join()) {
      throw new CopyRefused(`table ${name} differs: source (${a.join(', ')}), target (${b.join(', ')})`);
    }
    columns.set(name, b);
  }
  return columns;
}
