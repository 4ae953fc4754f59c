import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../packages/server', import.meta.url));

/**
 * The real server as a child process on an ephemeral loopback port; stop() ends it. `compiled`:
 * what production runs (`npm run build` first, `dist/main.js`), without tsx compiling modules
 * while the first requests wait. `dist`: another build folder to run (relative to the server
 * package, or the `packages/server/dist` of another checkout), for builds side by side.
 */
export async function runServer(
  env: Record<string, string>,
  opts: { compiled?: boolean; dist?: string } = {},
): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  const dist = resolve(SERVER_DIR, opts.dist ?? 'dist');
  const main = join(dist, 'main.js');
  if (opts.compiled && !existsSync(main)) throw new Error('run `npm run build` first: no compiled server');
  const args = opts.compiled ? [main, 'start'] : ['--import', 'tsx', 'src/main.ts', 'start'];
  const child = spawn(process.execPath, args, {
    cwd: dirname(dist),
    // The address is read from the info-level "server listening" line, so the level stays info.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const m =
        /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"server listening"|"msg":"server listening"[^\n]*"url":"(http:\/\/[^"]+)"/.exec(
          buf,
        );
      if (m) resolve((m[1] ?? m[2])!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  child.stdout.resume();
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Logs in as one of the demo accounts the server wrote on its first start (`who` is the start of
 * its line in DATA_DIR/demo-accounts.txt: 'paid user', 'trial user') and answers the bearer token.
 */
export async function demoToken(url: string, dataDir: string, who: string): Promise<string> {
  const line = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(who));
  const [, , username, , passwd] = line?.split(/\s+/) ?? [];
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fingerprint': 'benchmark' },
    body: JSON.stringify({ username, passwd }),
  });
  const json = (await res.json()) as { token?: string; error_msg?: string };
  if (!json.token) throw new Error(`benchmark login failed: ${json.error_msg ?? res.status}`);
  return json.token;
}
