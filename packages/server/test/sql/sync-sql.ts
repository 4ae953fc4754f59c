import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { committedFiles, DIALECTS, QUERIES_DIR, renderQueries } from './render-queries.js';

/**
 * `npm run sql`: writes the SQL every repository sends, per dialect, into packages/server/queries/
 * (render-queries.ts), and deletes the files of repositories that are gone. No database is opened.
 */

async function main(): Promise<void> {
  const { files, queries } = await renderQueries();
  let written = 0;
  for (const [path, content] of files) {
    const target = join(QUERIES_DIR, path);
    let before: string | undefined;
    try {
      before = readFileSync(target, 'utf8');
    } catch {
      before = undefined;
    }
    if (before === content) continue;
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(target, content);
    written++;
  }
  const stale = committedFiles().filter((path) => !files.has(path));
  for (const path of stale) rmSync(join(QUERIES_DIR, path));
  console.log(
    `${files.size} files (${written} changed, ${stale.length} deleted): ` +
      DIALECTS.map((d) => `${queries[d]} queries on ${d}`).join(', '),
  );
}

await main();
