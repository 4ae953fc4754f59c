import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who may see a file is decided in one place, modules/files/visibility.ts: every other file asks
 * it, the DMCA and console modules that change those columns too. A file that tests the rule's
 * columns itself (the status 'ready', the visibility, the DMCA take-down) fails here. The
 * migrations, which define them, are the exception.
 */

const SRC = join(import.meta.dirname, '..', 'src');
const RULE = 'modules/files/visibility.ts';
const ALLOWED = [/^db\/migrations\//, /\.test\.ts$/, /\.samples\.ts$/];

/** Ways of testing the columns, in TypeScript, Kysely and SQL. */
const TESTS_OF_THE_RULE: RegExp[] = [
  /\btaken_down_at\s*(?:!==|===|!=|==)/,
  /\btaken_down_at\s+IS\b/i,
  /['"]taken_down_at['"]\s*,\s*['"](?:is|is not|=|!=|<>)['"]/,
  /\bvisibility\s*(?:!==|===|!=|==|<>|=)\s*['"](?:public|private)['"]/,
  /['"]visibility['"]\s*,\s*['"](?:=|!=|<>)['"]/,
  /\bstatus\s*(?:!==|===|!=|==|<>|=)\s*['"]ready['"]/,
  /['"]status['"]\s*,\s*['"](?:=|!=|<>)['"]\s*,\s*['"]ready['"]/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line: text` of every test of the rule's columns outside the rule's module. */
export function testsOfTheRule(files: { name: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { name, text } of files) {
    if (name === RULE || ALLOWED.some((a) => a.test(name))) continue;
    text.split('\n').forEach((line, i) => {
      if (TESTS_OF_THE_RULE.some((t) => t.test(line))) found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('the one rule of who may see a file', () => {
  it('is tested only in modules/files/visibility.ts (migrations aside)', () => {
    const files = sourceFiles(SRC).map((path) => ({
      name: relative(SRC, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(testsOfTheRule(files)).toEqual([]);
  });

  it('finds the rule spelled in TypeScript, in Kysely and in SQL', () => {
    const spelled = [
      "if (row.status !== 'ready' || row.taken_down_at !== null) return;",
      ".where('taken_down_at', 'is', null)",
      ".where('visibility', '=', 'public')",
      ".where('status', '=', 'ready')",
      "sql`f.status = 'ready' AND f.visibility = 'public' AND f.taken_down_at IS NULL`",
      "return file.visibility === 'private';",
    ];
    const found = testsOfTheRule(spelled.map((text, i) => ({ name: `modules/search/x${i}.ts`, text })));
    expect(found).toHaveLength(spelled.length);
    expect(testsOfTheRule([{ name: RULE, text: spelled.join('\n') }])).toEqual([]);
    expect(testsOfTheRule([{ name: 'modules/dmca/repo.ts', text: spelled.join('\n') }])).toHaveLength(
      spelled.length,
    );
    expect(testsOfTheRule([{ name: 'db/migrations/0001.ts', text: spelled.join('\n') }])).toEqual([]);
  });
});
