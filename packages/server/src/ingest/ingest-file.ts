import { randomBytes } from 'node:crypto';
import { INGEST_MAX_BYTES } from '@rl/contract';
import type { Db } from '../db/database.js';
import type { JobsRepo } from '../jobs/jobs-repo.js';
import { createJobsRepo } from '../jobs/jobs-repo.js';
import { createFilesRepo, type FilesRepo } from '../modules/files/repo.js';
import { isoNow, type Clock } from '../platform/clock.js';
import { sha256Hex, type FileStorage } from '../platform/storage.js';
import { sniffPdf } from '../pdf/sniff.js';
import { INGEST_JOB, INGEST_FIRST_STEP } from './ingest-job.js';

export interface IngestInput {
  bytes: Uint8Array;
  fileName: string;
  source: 'seed' | 'import' | 'upload' | 'admin';
  ownerId?: string | null;
  uploadUser?: string | null;
  visibility?: 'public' | 'private';
}

export type IngestOutcome =
  | { kind: 'queued'; fileId: string; jobId: number }
  | { kind: 'duplicate'; fileId: string }
  | { kind: 'rejected'; code: string; reason: string };

/** Public IDs are random, never a guessable sequence. */
export const newFileId = (): string => randomBytes(12).toString('base64url');

/**
 * The one way a PDF enters the library (seeder, importer, uploads): cheap checks first, then the
 * bytes are stored and the file row and its ingest job are written in one transaction. The row stays
 * 'processing', invisible to search, until the job has indexed it.
 */
export function createIngestor(deps: {
  db: Db;
  files: FilesRepo;
  jobs: JobsRepo;
  storage: FileStorage;
  clock: Clock;
  notify: () => void;
}) {
  return {
    async ingest(input: IngestInput): Promise<IngestOutcome> {
      const { bytes } = input;
      if (bytes.byteLength > INGEST_MAX_BYTES) {
        return {
          kind: 'rejected',
          code: 'too_large',
          reason: `The file is larger than ${INGEST_MAX_BYTES / 1024 / 1024} MB`,
        };
      }
      const sniff = sniffPdf(bytes);
      if (!sniff.ok) return { kind: 'rejected', code: sniff.code, reason: sniff.reason };

      const ownerId = input.ownerId ?? null;
      const sha256 = sha256Hex(bytes);
      const same = await deps.files.sameContent(sha256, ownerId);
      if (same) return { kind: 'duplicate', fileId: same.id };

      await deps.storage.put(bytes);
      const fileId = newFileId();
      const now = isoNow(deps.clock);
      const jobId = await deps.db.transaction().execute(async (trx) => {
        const seq = await createFilesRepo(trx).insert(
          {
            id: fileId,
            sha256,
            file_name: cleanFileName(input.fileName),
            size_bytes: bytes.byteLength,
            visibility: input.visibility ?? 'public',
            owner_id: ownerId,
            upload_user: input.uploadUser ?? null,
            source: input.source,
          },
          now,
        );
        return createJobsRepo(trx).enqueue(INGEST_JOB, { file_seq: seq }, INGEST_FIRST_STEP, now);
      });
      deps.notify();
      return { kind: 'queued', fileId, jobId };
    },
  };
}
export type Ingestor = ReturnType<typeof createIngestor>;

/** The base name, without control characters or path parts, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'report.pdf';
}
