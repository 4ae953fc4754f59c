import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  relativePathOf,
  sha256Hex,
  sha256OfAside,
  sha256OfName,
  StoredFileMissing,
  type FileStorage,
  type S3StorageSettings,
  type StoredEntry,
} from './types.js';

/** Parts of a multipart upload: at most PART_BYTES × PARTS_AT_ONCE bytes of a file are in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** The object key layout under the prefix, as in the local folder: `ab/cd/<name>`. */
const LAYOUT = /^[0-9a-f]{2}\/[0-9a-f]{2}\/([^/]+)$/;

/** A client for any S3-compatible server (AWS, MinIO, Ceph, R2, ...). */
export function createS3Client(s: S3StorageSettings): S3Client {
  return new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    // The SDK's default CRC32 checksums (aws-chunked uploads) are refused by many S3-compatible
    // servers; send and check them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Every viewer and download holds a socket while it reads: more than the default 50.
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
}

/** The bucket's object calls the store is made of: keys, sizes, gets, copies and deletes. */
function s3Objects(s: S3StorageSettings, client: S3Client) {
  const Bucket = s.bucket;
  const keyOf = (sha: string) => s.prefix + relativePathOf(sha);
  const copySource = (key: string) => `${Bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

  async function sizeOf(Key: string): Promise<number | null> {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }
  const remove = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };
  const copy = async (from: string, to: string) => {
    await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: copySource(from) }));
  };
  async function get(sha: string, range?: { start: number; end: number }) {
    try {
      const got = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: keyOf(sha),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!got.Body) throw new StoredFileMissing(sha);
      return { ...got, Body: got.Body };
    } catch (err) {
      throw isMissing(err) ? new StoredFileMissing(sha) : err;
    }
  }
  return { s, client, Bucket, keyOf, sizeOf, remove, copy, get };
}
type S3Objects = ReturnType<typeof s3Objects>;

/**
 * The store in an S3-compatible bucket: objects `<prefix>ab/cd/<sha256>.pdf`, the local folder's
 * layout (a folder copied into the bucket is a valid store). An object appears whole or not at
 * all (PutObject, CompleteMultipartUpload), so there are no half-written leftovers; an upload that
 * fails is aborted, and one cut short by a crash is no object (a bucket lifecycle rule for
 * incomplete multipart uploads frees its parts). Files are streamed both ways.
 */
export function createS3Storage(s: S3StorageSettings, client: S3Client = createS3Client(s)): FileStorage {
  const objects = s3Objects(s, client);
  const { keyOf, sizeOf } = objects;
  const store: FileStorage = {
    ...s3Writes(objects),
    ...s3Reads(objects),
    async openForReads(sha) {
      const size = await sizeOf(keyOf(sha));
      if (size === null) throw new StoredFileMissing(sha);
      return { size, read: async (range) => Buffer.concat(await (await store.stream(sha, range)).toArray()) };
    },
    ...s3Removals(objects),
    ...s3Leftovers(objects),
  };
  return store;
}

/** Storing bytes: from memory in one PutObject, from disk in parts. */
function s3Writes({ client, Bucket, keyOf, sizeOf }: S3Objects): Pick<FileStorage, 'put' | 'putFile'> {
  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const Key = keyOf(sha256);
      if ((await sizeOf(Key)) !== bytes.byteLength) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: bytes,
            ContentLength: bytes.byteLength,
            ContentType: 'application/pdf',
          }),
        );
      }
      return { sha256, size: bytes.byteLength };
    },
    async putFile(path, sha256, size) {
      const Key = keyOf(sha256);
      if ((await sizeOf(Key)) === size) return;
      // One PutObject for a file smaller than a part, else a multipart upload of parts read from
      // disk as they are sent (aborted on failure).
      const source = createReadStream(path, { highWaterMark: 1024 * 1024 });
      try {
        await new Upload({
          client,
          params: { Bucket, Key, Body: source, ContentType: 'application/pdf' },
          partSize: PART_BYTES,
          queueSize: PARTS_AT_ONCE,
          leavePartsOnError: false,
        }).done();
      } finally {
        source.destroy();
      }
    },
  };
}

/** Reading bytes: whole, or streamed (a byte range cut to what was asked). */
function s3Reads({ keyOf, sizeOf, get }: S3Objects): Pick<FileStorage, 'read' | 'stream' | 'size'> {
  return {
    async read(sha) {
      return (await get(sha)).Body.transformToByteArray();
    },
    async stream(sha, range) {
      const got = await get(sha, range);
      const body = got.Body as Readable;
      if (!range) return body;
      // What the server sent: a 206 names its range; a 200 (Range ignored) is the whole object.
      const sent = /^bytes (\d+)-(\d+)\//.exec(got.ContentRange ?? '');
      const from = sent ? Number(sent[1]) : 0;
      const to = sent ? Number(sent[2]) : (got.ContentLength ?? 0) - 1;
      if (from === range.start && to === range.end) return body;
      // Some S3-compatible servers answer more than asked (s3rver sends all of `bytes=0-0`): cut it.
      if (from > range.start || to < range.end) {
        body.destroy();
        throw new Error(`S3 sent bytes ${from}-${to} of ${sha} for ${range.start}-${range.end}`);
      }
      return slice(body, range.start - from, range.end - range.start + 1);
    },
    size: (sha) => sizeOf(keyOf(sha)),
  };
}

/** Removing content, and removing it unless it is still needed (copied aside meanwhile). */
function s3Removals({ keyOf, remove, copy }: S3Objects): Pick<FileStorage, 'remove' | 'removeUnless'> {
  return {
    remove: (sha) => remove(keyOf(sha)),
    async removeUnless(sha, stillNeeded) {
      // S3 has no rename: a server-side copy aside, then the delete, then the check. While the
      // check runs the content is not stored (size() answers null), as with the local rename, so a
      // writer of the same content that commits after the check stores it again when it verifies.
      const key = keyOf(sha);
      const aside = `${key}.${randomBytes(6).toString('hex')}.trash`;
      try {
        await copy(key, aside);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      await remove(key);
      // Same content either way: restoring over a copy stored meanwhile is harmless.
      if (await stillNeeded().catch(() => true)) await copy(aside, key);
      await remove(aside);
    },
  };
}

/** The sweep's view: every object of the store's layout, and the removal of leftovers. */
function s3Leftovers({
  s,
  client,
  Bucket,
  keyOf,
  sizeOf,
  remove,
  copy,
}: S3Objects): Pick<FileStorage, 'entries' | 'removeLeftover'> {
  return {
    async entries() {
      const out: StoredEntry[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: s.prefix })) {
        for (const object of page.Contents ?? []) {
          const name = object.Key ? LAYOUT.exec(object.Key.slice(s.prefix.length))?.[1] : undefined;
          if (!object.Key || name === undefined) continue; // not of the store's layout: not ours
          out.push({
            path: object.Key,
            sha256: sha256OfName(name),
            mtimeMs: object.LastModified?.getTime() ?? 0,
          });
        }
      }
      return out.sort((a, b) => a.mtimeMs - b.mtimeMs);
    },
    async removeLeftover(entry) {
      const name = LAYOUT.exec(entry.path.slice(s.prefix.length))?.[1];
      if (entry.sha256 !== null || !entry.path.startsWith(s.prefix) || name === undefined)
        throw new Error(`not a leftover: ${entry.path}`);
      const setAside = sha256OfAside(name);
      if (setAside !== null && (await sizeOf(keyOf(setAside))) === null) {
        await copy(entry.path, keyOf(setAside)).catch(() => undefined);
      }
      await remove(entry.path);
    },
  };
}

/** `take` bytes of a stream after the first `skip`; the source is closed as soon as they are read. */
function slice(source: Readable, skip: number, take: number): Readable {
  async function* bytes() {
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        const from = Math.min(skip, chunk.length);
        skip -= from;
        const part = chunk.subarray(from, from + take);
        take -= part.length;
        if (part.length) yield part;
        if (take === 0) return;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

/** Whether an S3 error says the object (or bucket) is not there. */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.$metadata?.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey';
}
