import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  committedFiles,
  QUERIES_DIR,
  renderQueries,
  samplesFiles,
  SERVER_DIR,
  type RenderedQueries,
} from './sql/render-queries.js';

/**
 * The SQL files of packages/server/queries/ (written by `npm run sql` from the samples beside each
 * repository) are what the repositories send now: a changed query shows in review as a changed file.
 */

const REGENERATE = 'run `npm run sql` and commit the files it writes';

const read = (path: string): string | undefined => {
  try {
    return readFileSync(join(QUERIES_DIR, path), 'utf8');
  } catch {
    return undefined;
  }
};

/** Where two texts part, as "line n". */
function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((line, n) => line !== y[n]);
  return `from line ${(i === -1 ? x.length : i) + 1}`;
}

/** Source files that define a repository factory (`export function createXRepo(`). */
function repositoryFiles(dir = join(SERVER_DIR, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return repositoryFiles(path);
    if (!e.name.endsWith('.ts') || /\.(test|samples)\.ts$/.test(e.name)) return [];
    return /export function create\w+Repo\s*\(/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

describe('SQL a reviewer can read (packages/server/queries)', () => {
  let rendered: RenderedQueries;
  beforeAll(async () => {
    rendered = await renderQueries();
  }, 120_000);

  it('every file is what the repositories send now', () => {
    const differing = [...rendered.files].flatMap(([path, content]) => {
      const committed = read(path);
      if (committed === undefined) return [`queries/${path} is missing`];
      return committed === content ? [] : [`queries/${path} differs ${firstDifference(committed, content)}`];
    });
    expect(differing, `SQL changed: ${REGENERATE}`).toEqual([]);
  });

  it('no file is left of a repository that is gone', () => {
    const orphans = committedFiles()
      .filter((path) => !rendered.files.has(path))
      .map((path) => `queries/${path}`);
    expect(orphans, `no samples write these any more: ${REGENERATE} (it deletes them)`).toEqual([]);
  });

  it('every repository has samples beside it', () => {
    const withSamples = new Set(samplesFiles().map((f) => f.replace(/\.samples\.ts$/, '.ts')));
    const without = repositoryFiles()
      .filter((f) => !withSamples.has(f))
      .map((f) => relative(SERVER_DIR, f));
    expect(
      without,
      'declare their sample calls in a sibling X.samples.ts (test/sql/sample-types.ts)',
    ).toEqual([]);
  });
});
