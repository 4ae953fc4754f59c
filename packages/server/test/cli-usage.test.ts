import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './process.js';

/** The command line says how it is used instead of failing with a stack trace. */
async function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = runCli(args, env);
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output: child.output() };
}

describe('main --help', () => {
  it('prints the commands and exits 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const { code, output } = await run(args);
      expect(code).toBe(0);
      expect(output).toContain('import DIR');
      expect(output).not.toMatch(/\bat .*\.ts:\d+/);
    }
  });

  it('an unknown option prints what is wrong and the usage, exit 2', async () => {
    const { code, output } = await run(['--bogus']);
    expect(code).toBe(2);
    expect(output).toContain("Unknown option '--bogus'");
    expect(output).toContain('Usage:');
    expect(output).not.toMatch(/\bat .*\.ts:\d+/);
  });
});

describe('main with a command it cannot run', () => {
  it('an unknown command, none, or a missing DIR: the usage, exit 2, nothing written under DATA_DIR', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rl-cli-'));
    try {
      const dataDir = join(root, 'data');
      for (const args of [['bogus'], [], ['import'], ['backup']]) {
        const { code, output } = await run(args, { DATA_DIR: dataDir });
        expect(code).toBe(2);
        expect(output).toContain('Usage:');
        expect(existsSync(join(dataDir, 'signing-secret'))).toBe(false);
        expect(readdirSync(root)).toEqual([]);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
