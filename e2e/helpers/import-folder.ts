import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { REPO_ROOT } from './paths';

/** `npm run import` of a folder into the running server's library (the compiled command); its output. */
export async function importFolder(dataDir: string, folder: string): Promise<string> {
  const child = spawn(process.execPath, ['packages/server/dist/main.js', 'import', folder], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, out).toBe(0);
  return out;
}
