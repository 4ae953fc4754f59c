import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../packages/server', import.meta.url));

/** The real server as a child process on an ephemeral loopback port; stop() ends it. */
export async function runServer(
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
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
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
