import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoToken, runServer } from './server-process.js';

const MB = 1024 * 1024;

export interface SlowUploadRun {
  setting: string;
  uploads: number;
  /** Answered at once with 429 / 503. */
  refused: number;
  /** The most the uploads folder held, in MB. */
  peakTempMb: number;
  /** Seconds from the last byte sent until the folder was empty again (null: not within the wait). */
  emptyAfterS: number | null;
}

/**
 * The slow-upload attack of the security review: one paid user opens `uploads` one-request uploads
 * that each declare 52 MB, send 50 MB and then nothing. Measured on the real server: how many are
 * refused, the most the temporary folder holds, and how long until it is empty again. Run with
 * the shipped settings and without the per-user bound and stall time (Node's 300 s) side by side.
 */
export async function benchSlowUploads(uploads = 20, waitS = 45): Promise<SlowUploadRun[]> {
  const settings: [string, Record<string, string>][] = [
    [
      'old: no bound, 300 s',
      { UPLOADS_AT_ONCE_PER_USER: '1000', UPLOADS_AT_ONCE_PER_ADDRESS: '1000', UPLOAD_STALL_S: '300' },
    ],
    ['shipped: 3 per user, 30 s stall', {}],
  ];
  const runs: SlowUploadRun[] = [];
  for (const [setting, env] of settings) runs.push(await once(setting, env, uploads, waitS));
  return runs;
}

async function once(
  setting: string,
  env: Record<string, string>,
  uploads: number,
  waitS: number,
): Promise<SlowUploadRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rl-bench-slow-'));
  const server = await runServer({ DATA_DIR: dataDir, SEED_COUNT: '0', HTTP_WORKERS: '1', ...env });
  const sockets: Socket[] = [];
  try {
    // One process writes the demo accounts just after it listens.
    for (let i = 0; i < 100 && !existsSync(join(dataDir, 'demo-accounts.txt')); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const token = await demoToken(server.url, dataDir, 'paid user');
    const port = Number(new URL(server.url).port);
    const uploadsDir = join(dataDir, 'uploads');
    let peak = 0;
    const sample = () => (peak = Math.max(peak, folderBytes(uploadsDir)));
    const sampler = setInterval(sample, 100);
    const answers = await Promise.all(
      Array.from({ length: uploads }, async () => {
        const s = await stalledUpload(port, token, 50);
        sockets.push(s.socket);
        return s;
      }),
    );
    const sentAt = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    const refused = answers.filter((a) => /^HTTP\/1\.1 (429|503)/.test(a.answer())).length;
    let emptyAfterS: number | null = null;
    while (Date.now() - sentAt < waitS * 1000) {
      sample();
      if (folderBytes(uploadsDir) === 0) {
        emptyAfterS = (Date.now() - sentAt) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    clearInterval(sampler);
    return { setting, uploads, refused, peakTempMb: Math.round(peak / MB), emptyAfterS };
  } finally {
    for (const s of sockets) s.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function folderBytes(dir: string): number {
  let total = 0;
  try {
    for (const name of readdirSync(dir)) total += statSync(join(dir, name)).size;
  } catch {
    // Not there yet, or a file removed while listed.
  }
  return total;
}

async function stalledUpload(port: number, token: string, sendMb: number) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const boundary = 'benchslowbody';
  socket.write(
    `POST /api/file/user_upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${52 * MB}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  );
  const chunk = Buffer.alloc(MB, 0x20);
  for (let i = 0; i < sendMb && !socket.destroyed && answer === ''; i++) {
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
  }
  return { socket, answer: () => answer };
}

export function formatSlowUploads(runs: SlowUploadRun[]): string {
  return [
    '| setting | uploads | refused at once | peak temporary files | empty again after |',
    '|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.setting} | ${r.uploads} | ${r.refused} | ${r.peakTempMb} MB | ${r.emptyAfterS === null ? 'not within the wait' : `${r.emptyAfterS.toFixed(1)} s`} |`,
    ),
  ].join('\n');
}
