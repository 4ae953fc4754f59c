import { createLocalStorage, openFileStorage } from '../../platform/storage/index.js';
import { COPY_USAGE, parseCopyArgs, UsageError } from './args.js';
import { copyLibrary, CopyRefused, VerificationFailed, type CopyReport } from './copy-library.js';
import { openCopySource } from './source.js';
import { openCopyTarget } from './target.js';
import type { Check } from './verify.js';

/** `db:copy ARGS`: answers the exit code (0 done, 1 refused or failed, 2 bad arguments). */
export async function dbCopyCommand(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parseCopyArgs>;
  try {
    args = parseCopyArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`db:copy: ${err.message}\n\n${COPY_USAGE}`);
    return 2;
  }
  if (args === 'help') {
    console.log(COPY_USAGE);
    return 0;
  }
  const files = args.files ? ` and its PDFs from ${args.files.from}` : '';
  console.log(`Copying ${args.from}${files} into ${args.to.replace(/\/\/[^@/]*@/, '//***@')}`);
  const source = openCopySource(args.from);
  const target = openCopyTarget(args.to);
  try {
    const report = await copyLibrary({
      source,
      target,
      files: args.files && {
        root: args.files.from,
        from: createLocalStorage(args.files.from),
        to: openFileStorage(args.files.to),
      },
      log: (line) => console.log(line),
    });
    console.log(`\n${checksTable(report.checks)}\n\n${summary(report)}`);
    return 0;
  } catch (err) {
    if (err instanceof VerificationFailed) {
      console.error(`\n${checksTable(err.checks)}\n\ndb:copy: ${err.message}; the target was emptied again.`);
      return 1;
    }
    if (err instanceof CopyRefused) {
      console.error(`db:copy: ${err.message}`);
      return 1;
    }
    console.error(
      `db:copy failed (what it wrote was taken out again): ${(err as Error).stack ?? String(err)}`,
    );
    return 1;
  } finally {
    await source.close();
    await target.close();
  }
}

/** Columns a terminal gives the text: Chinese characters take two. */
const width = (s: string) => [...s].reduce((n, ch) => n + (WIDE.test(ch) ? 2 : 1), 0);
const WIDE = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/** What was compared, as a text table. */
export function checksTable(checks: Check[]): string {
  const rows = [
    ['check', 'sqlite (source)', 'postgres (copy)', ''],
    ...checks.map((c) => [c.what, c.source, c.target, c.ok ? 'ok' : 'DIFFERS']),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => width(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell + ' '.repeat((widths[i] ?? 0) - width(cell)))
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function summary(r: CopyReport): string {
  const rows = r.tables.reduce((n, t) => n + t.rows, 0);
  const lines = [
    `Done in ${r.seconds} s: ${rows} rows of ${r.tables.length} tables copied, the search index rebuilt ` +
      `for ${r.indexed} files, ${r.checks.length} checks equal.`,
  ];
  if (r.blobs) {
    lines.push(
      `PDFs: ${r.blobs.copied} copied, ${r.blobs.present} already there` +
        (r.blobs.missing.length
          ? `; ${r.blobs.missing.length} referred to but missing in the source folder (e.g. ${r.blobs.missing.slice(0, 3).join(', ')})`
          : ''),
    );
  }
  if (r.nulsRemoved) {
    lines.push(
      `${r.nulsRemoved} text values held NUL characters, which PostgreSQL cannot store: they were removed.`,
    );
  }
  return lines.join('\n');
}
