import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Content-addressed file store: bytes are kept under their sha256 and appear whole or not at all.
 * Two kinds (index.ts): a local folder (local.ts) and an S3-compatible bucket (s3.ts).
 */
export interface FileStorage {
  /** Stores bytes (skipped when the same content is already stored). */
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  /**
   * Stores a complete, synced file whose sha256 the caller computed, streamed from disk (never
   * read whole into memory). The source stays where it is; the caller removes it.
   */
  putFile(path: string, sha256: string, size: number): Promise<void>;
  /** The whole file; rejects with StoredFileMissing when it is not stored. */
  read(sha256: string): Promise<Uint8Array>;
  /**
   * The file, or the byte range asked for, as a stream; rejects with StoredFileMissing when it is
   * not stored (the stream is opened, or the request answered, before this resolves).
   */
  stream(sha256: string, range?: ByteRange): Promise<Readable>;
  /** The stored size, null when not stored. */
  size(sha256: string): Promise<number | null>;
  /**
   * For answering a viewer's range requests: the size and a reader of small ranges into memory;
   * rejects with StoredFileMissing when the file is not stored. The local store keeps the file
   * open a few seconds between calls; unlike size(), the answer may outlive a removal, so it is
   * for serving only (the database decides first whether the file may be served).
   */
  openForReads(sha256: string): Promise<StoredReader>;
  remove(sha256: string): Promise<void>;
  /**
   * Removes the bytes unless `stillNeeded()` says otherwise (a failing check counts as needed). The
   * bytes are moved aside before the check, so `size()` answers null while it runs: a writer that
   * stored the same content meanwhile either is seen by the check or finds the bytes missing when it
   * verifies after its commit, and stores them again (the ingestor does).
   */
  removeUnless(sha256: string, stillNeeded: () => Promise<boolean>): Promise<void>;
  /**
   * Every file under the store, oldest first: a stored PDF (`sha256` set) or a leftover of an
   * interrupted write or removal (`sha256` null). For the sweep of what no row refers to.
   */
  entries(): Promise<StoredEntry[]>;
  /**
   * Removes a leftover that `entries` listed (`sha256` null). A copy set aside by an interrupted
   * `removeUnless` whose content is no longer stored is put back instead: the sweep's orphan check
   * removes it later if no row needs it.
   */
  removeLeftover(entry: StoredEntry): Promise<void>;
}

export interface StoredReader {
  size: number;
  /** Bytes `range` of the file, read into memory (meant for ranges up to about 1 MiB). */
  read(range: ByteRange): Promise<Buffer>;
}

export interface StoredEntry {
  /** A file path (local) or an object key (S3). */
  path: string;
  sha256: string | null;
  mtimeMs: number;
}

/** The store a process uses (config STORAGE_URL): a local folder or an S3-compatible bucket. */
export type StorageSettings = { kind: 'local'; root: string } | S3StorageSettings;

export interface S3StorageSettings {
  kind: 's3';
  bucket: string;
  /** Key prefix, '' or ending in '/'. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, R2, ...); null: AWS. */
  endpoint: string | null;
  region: string;
  /** Both null: the SDK's default credential chain (AWS_* variables, instance role, ...). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** bucket in the path (http://host/bucket/key) rather than in the host name. */
  forcePathStyle: boolean;
}

/** Rejection of read() and stream() for content that is not stored. */
export class StoredFileMissing extends Error {
  readonly code = 'ENOENT';
  constructor(sha256: string) {
    super(`no stored file ${sha256}`);
    this.name = 'StoredFileMissing';
  }
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** sha256 (hex) of a file, read as a stream. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The place of content in either store: `ab/cd/<sha256>.pdf`. */
export function relativePathOf(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}.pdf`;
}

/** The sha256 of a stored PDF's file name (`<sha256>.pdf`), null for anything else. */
export const sha256OfName = (name: string): string | null => /^([0-9a-f]{64})\.pdf$/.exec(name)?.[1] ?? null;

/** A copy set aside by removeUnless: `<sha256>.pdf.<random>.trash`; its sha256, else null. */
export const sha256OfAside = (name: string): string | null =>
  /^([0-9a-f]{64})\.pdf\.[0-9a-f]+\.trash$/.exec(name)?.[1] ?? null;
