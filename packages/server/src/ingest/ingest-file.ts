import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { ERROR_CODES, INGEST_MAX_BYTES } from '@rl/contract';
import type {
  AlsoInTransaction,
  FileAdmission,
  IngestFileInput,
  IngestInput,
  IngestOutcome,
} from '../modules/uploads/admission.js';
import type { FilesRepo, NewFile } from '../modules/files/repo.js';
import type { UploadLimits } from '../modules/files/upload-room.js';
import { isoNow, type Clock } from '../platform/clock.js';
import { sha256Hex, type FileStorage } from '../platform/storage/types.js';
import { sniffPdf } from '../pdf/sniff.js';
import { cleanFileName } from '../text/file-name.js';
import type { IngestWrites } from './ingest-writes.js';

/** The content being ingested, wherever it is: its size, first bytes, sha256 and how to store it. */
interface Content {
  size: number;
  head(): Promise<Uint8Array>;
  sha256(): string;
  put(): Promise<unknown>;
}

/** What is known of a file being admitted, besides its content. */
type AdmittedFile = Omit<IngestFileInput, 'path' | 'size' | 'sha256' | 'visibility'> & {
  visibility: 'public' | 'private';
};

/** Public IDs are random, never a guessable sequence. */
export const newFileId = (): string => randomBytes(12).toString('base64url');

const tooLarge = (): IngestOutcome => ({
  kind: 'rejected',
  code: ERROR_CODES.tooLarge,
  reason: `The file is larger than ${INGEST_MAX_BYTES / 1024 / 1024} MB`,
});

/**
 * The one way a PDF enters the library (seeder, importer, uploads): cheap checks first, then the
 * bytes are stored and the file row and its ingest job are written in one transaction. The row stays
 * 'processing', invisible to search, until the job has indexed it.
 */
export function createIngestor(deps: {
  writes: Pick<IngestWrites, 'insertQueued'>;
  files: FilesRepo;
  storage: FileStorage;
  clock: Clock;
  notify: () => void;
}) {
  const { writes, files, storage, clock } = deps;

  /**
   * Row and job of content already stored (`put` stores it again). Refused when the scope holds
   * the same content by now (a duplicate) or the owner's limits are reached (quota_exceeded): the
   * stored bytes are then removed unless something else uses them.
   */
  async function admitStored(
    row: NewFile,
    limits: UploadLimits | null,
    put: () => Promise<unknown>,
    also?: AlsoInTransaction,
  ): Promise<IngestOutcome> {
    const queued = await writes.insertQueued(row, limits, isoNow(clock), also);
    if (queued === null) {
      await storage.removeUnless(row.sha256, () => files.shaInUse(row.sha256));
      const again = await files.sameContent(row.sha256, row.owner_id);
      if (again) return { kind: 'duplicate', fileId: again.id };
      return {
        kind: 'rejected',
        code: ERROR_CODES.quotaExceeded,
        reason: 'The upload limits of the plan are reached',
      };
    }
    // A delete of the same content elsewhere, or the storage sweep, may have removed the bytes
    // between our store and our commit (storage.removeUnless): store them again.
    if ((await storage.size(row.sha256)) !== row.size_bytes) await put();
    deps.notify();
    return { kind: 'queued', fileId: row.id, jobId: queued.jobId };
  }

  /**
   * The one path of every PDF: cheap checks on its size and first bytes, a duplicate in its scope
   * answers the existing file, else the bytes are stored and admitted.
   */
  async function admit(content: Content, input: AdmittedFile): Promise<IngestOutcome> {
    if (content.size > INGEST_MAX_BYTES) return tooLarge();
    const sniff = sniffPdf(await content.head());
    if (!sniff.ok) return { kind: 'rejected', code: ERROR_CODES.notPdf, reason: sniff.reason };
    const sha256 = content.sha256();
    const same = await files.sameContent(sha256, input.ownerId);
    if (same) return { kind: 'duplicate', fileId: same.id };

    await content.put();
    return admitStored(
      {
        id: newFileId(),
        sha256,
        file_name: cleanFileName(input.fileName),
        size_bytes: content.size,
        visibility: input.visibility,
        owner_id: input.ownerId,
        upload_user: input.uploadUser ?? null,
        source: input.source,
      },
      input.limits,
      content.put,
      input.alsoInTransaction,
    );
  }

  return {
    /** Bytes in memory (seeder, importer): a public library file unless said otherwise. */
    ingest(input: IngestInput): Promise<IngestOutcome> {
      const { bytes } = input;
      return admit(
        {
          size: bytes.byteLength,
          head: async () => bytes,
          sha256: () => sha256Hex(bytes),
          put: () => storage.put(bytes),
        },
        { ...input, ownerId: input.ownerId ?? null, visibility: input.visibility ?? 'public', limits: null },
      );
    },

    /**
     * An upload from a temporary file (which the caller removes afterwards): private unless said
     * otherwise. Rejected with code quota_exceeded when the owner's limits are reached at the
     * moment of the insert.
     */
    ingestFile(input: IngestFileInput): Promise<IngestOutcome> {
      return admit(
        {
          size: input.size,
          head: () => head(input.path, input.size),
          sha256: () => input.sha256,
          put: () => storage.putFile(input.path, input.sha256, input.size),
        },
        { ...input, visibility: input.visibility ?? 'private' },
      );
    },
  } satisfies FileAdmission & Record<string, unknown>;
}
export type Ingestor = ReturnType<typeof createIngestor>;

/** The first bytes of a file: enough for sniffPdf. */
async function head(path: string, size: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(Math.min(size, 1024));
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
