import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who may see a file is decided in one place, modules/files/visibility.ts: every other file asks
 * it, the DMCA and console modules that change those columns too. A file that tests the rule's
 * columns itself (the status 'ready', the visibility, the DMCA take-down) fails here. The
 * migrations, which define them, are the exception. About one row, modules outside modules/files
 * ask files/access.ts what they decide (which link, which index, whose upload), not whether it is public.
 */

const SRC = join(import.meta.dirname, '..', 'src');
const RULE = 'modules/files/visibility.ts';
const ALLOWED = [/^db\/migrations\//, /\.test\.ts$/];

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

/** The rule's answers on a row that other modules ask through files/access.ts, by what they decide. */
const ASKED_THROUGH_ACCESS = ['isPublic', 'canSee'];

/** `file: name` of every import of those answers outside modules/files. */
export function directAsks(files: { name: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { name, text } of files) {
    if (name.startsWith('modules/files/') || ALLOWED.some((a) => a.test(name))) continue;
    for (const m of text.matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*files\/visibility\.js'/g,
    )) {
      const names = m[1]!.split(',').map((n) => n.trim());
      for (const n of ASKED_THROUGH_ACCESS) if (names.includes(n)) found.push(`${name}: ${n}`);
    }
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

  it('is asked about a row outside modules/files only through files/access.ts', () => {
    const files = sourceFiles(SRC).map((path) => ({
      name: relative(SRC, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(directAsks(files)).toEqual([]);
    const asking = "import { isInLibrary, isPublic } from '../files/visibility.js';";
    expect(directAsks([{ name: 'modules/stars/x.ts', text: asking }])).toEqual([
      'modules/stars/x.ts: isPublic',
    ]);
    expect(directAsks([{ name: 'modules/files/access.ts', text: asking }])).toEqual([]);
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
