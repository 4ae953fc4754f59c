import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3StorageSettings } from '../src/platform/storage/types.js';

/** s3rver's fixed credentials: it checks request signatures against them. */
const KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Settings of a store under a fresh prefix of the bucket (or `prefix`). */
  settings(prefix?: string): S3StorageSettings;
  /** The environment that configures a library on a fresh prefix (STORAGE_URL and the S3_ variables). */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

const freshPrefix = () => `t-${randomBytes(4).toString('hex')}`;

/**
 * Runs in the child: s3rver with one bucket on 127.0.0.1 at an ephemeral port (told to the parent),
 * ended with its parent.
 */
const SERVE = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run()
  .then(({ port }) => process.send({ port }), (err) => { console.error(err); process.exit(1); });
process.on('disconnect', () => process.exit(0));
`;

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 at an ephemeral port, in a child process of
 * its own (so its memory is not the test's), keeping its objects in a fresh temporary folder,
 * with one bucket; stop() ends it and removes the folder.
 */
export async function startS3Server(bucket = 'test-library'): Promise<TestS3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-s3rver-'));
  const child = spawn(process.execPath, ['-e', SERVE, dir, bucket], {
    // -e resolves require() from the working directory: the server package's node_modules.
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { port: number }).port));
      child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
      child.once('error', reject);
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: (prefix = freshPrefix()) => ({
      kind: 's3',
      bucket,
      prefix: `${prefix}/`,
      endpoint,
      region: 'us-east-1',
      accessKeyId: KEY,
      secretAccessKey: KEY,
      forcePathStyle: true,
    }),
    env: (prefix = freshPrefix()) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    }),
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
