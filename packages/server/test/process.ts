import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Runs the server's CLI (src/main.ts) as a real child process with the given environment. */
export const runCli = (args: string[], env: Record<string, string>) => runScript('src/main.ts', args, env);

/** Runs a TypeScript entry of the server package (path relative to it) as a real child process. */
export function runScript(
  entry: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return Object.assign(child, { output: () => out });
}

/** Waits until `check` answers a value, polling; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Resolves with the exit code once the process has exited and its output has been read to the end:
 * 'exit' may come before the last lines of a piped stdout, 'close' comes after both.
 */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    const drained = [child.stdout, child.stderr].every((s) => !s || s.readableEnded || s.destroyed);
    if ((child.exitCode !== null || child.signalCode !== null) && drained) resolve(child.exitCode);
    else child.once('close', () => resolve(child.exitCode));
  });
