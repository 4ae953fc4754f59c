import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.js';
import { collect, expectSameBytes, pdfBytes, storageContract } from '../../../test/storage-contract.js';
import { openFileStorage } from './index.js';
import { createS3Client, createS3Storage } from './s3.js';
import { relativePathOf, sha256OfFile } from './types.js';

let server: TestS3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server?.stop());

storageContract('S3-compatible bucket (s3rver)', async () => {
  const settings = server.settings();
  const client = createS3Client(settings);
  return {
    storage: createS3Storage(settings, client),
    async plantLeftover(sha, suffix, bytes) {
      const Key = settings.prefix + relativePathOf(sha) + suffix;
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key, Body: bytes }));
    },
    close: async () => client.destroy(),
  };
});

/** The S3 commands a client sends, by name. */
function recordCommands(client: S3Client): string[] {
  const names: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      names.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize' },
  );
  return names;
}

describe('S3 store', () => {
  it('skips storing content it already holds with the same size (HeadObject only)', async () => {
    const settings = server.settings();
    const client = createS3Client(settings);
    const storage = createS3Storage(settings, client);
    const sent = recordCommands(client);
    const bytes = pdfBytes(5000, 'twice');
    await storage.put(bytes);
    expect(sent.splice(0)).toEqual(['HeadObjectCommand', 'PutObjectCommand']);
    await storage.put(bytes);
    expect(sent.splice(0)).toEqual(['HeadObjectCommand']);
    client.destroy();
  });

  it('asks for a byte range, not the whole object, and lists only objects of its own layout', async () => {
    const settings = server.settings();
    const client = createS3Client(settings);
    const storage = createS3Storage(settings, client);
    const { sha256 } = await storage.put(pdfBytes(50_000, 'range'));
    const ranges: (string | undefined)[] = [];
    client.middlewareStack.add(
      (next) => (args) => {
        ranges.push((args.input as { Range?: string }).Range);
        return next(args);
      },
      { step: 'initialize' },
    );
    expect((await collect(await storage.stream(sha256, { start: 100, end: 199 }))).length).toBe(100);
    expect(ranges).toEqual(['bytes=100-199']);

    // Another prefix of the bucket and objects outside ab/cd/<name> are not the store's.
    const put = (Key: string) =>
      client.send(new PutObjectCommand({ Bucket: settings.bucket, Key, Body: 'x' }));
    await put(`${settings.prefix}README.txt`);
    await put(`${settings.prefix}ab/notes.txt`);
    await put(`other-${settings.prefix}${relativePathOf(sha256)}`);
    expect((await storage.entries()).map((e) => e.path)).toEqual([settings.prefix + relativePathOf(sha256)]);
    client.destroy();
  });

  it('is what openFileStorage opens for s3 settings', async () => {
    const settings = server.settings();
    const storage = openFileStorage(settings);
    const { sha256 } = await storage.put(pdfBytes(1000, 'opened from settings'));
    expect(await createS3Storage(settings).size(sha256)).toBe(1000);
  });

  it('streams a 200 MB file up (multipart) and down without holding it in memory', async () => {
    const MiB = 1024 * 1024;
    const size = 200 * MiB;
    const dir = mkdtempSync(join(tmpdir(), 'rl-s3-big-'));
    try {
      const path = join(dir, 'big.pdf');
      const handle = await open(path, 'w');
      const block = randomBytes(MiB);
      for (let i = 0; i < size / MiB; i++) {
        block.writeUInt32BE(i, 0); // every mebibyte distinct
        await handle.write(block);
      }
      await handle.close();
      const sha = await sha256OfFile(path);

      const settings = server.settings();
      const client = createS3Client(settings);
      const storage = createS3Storage(settings, client);
      const sent = recordCommands(client);

      // Memory the process holds for JavaScript objects and buffers, sampled all along.
      const held = () => {
        const m = process.memoryUsage();
        return m.heapUsed + m.external;
      };
      global.gc?.();
      const base = held();
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, held())), 2);

      await storage.putFile(path, sha, size);
      const upPeak = peak - base;

      peak = held();
      const downBase = peak;
      const hash = createHash('sha256');
      let received = 0;
      for await (const chunk of await storage.stream(sha)) {
        hash.update(chunk as Buffer);
        received += (chunk as Buffer).length;
      }
      const downPeak = peak - downBase;
      clearInterval(sampler);

      expect(received).toBe(size);
      expect(hash.digest('hex')).toBe(sha);
      expect(await storage.size(sha)).toBe(size);
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent).toContain('CompleteMultipartUploadCommand');
      // Two parts of 8 MiB in flight, the next being read, and garbage not yet collected (about
      // 35 MiB up, 20 to 40 MiB down here): a fraction of the file's 200 MB, whatever its size.
      expect(upPeak, 'memory growth during putFile').toBeLessThan(80 * MiB);
      expect(downPeak, 'memory growth during stream').toBeLessThan(80 * MiB);
      client.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the same bytes both ways', () => {
  it('reads back exactly what a part-sized file stored', async () => {
    const settings = server.settings();
    const storage = createS3Storage(settings);
    const bytes = pdfBytes(8 * 1024 * 1024 + 17, 'just over a part');
    const { sha256 } = await storage.put(bytes);
    expectSameBytes(await storage.read(sha256), bytes);
  });
});
