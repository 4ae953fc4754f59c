import type { ErrorCode } from '@rl/contract';
import type { AuditRepo } from '../audit/audit.js';
import type { UploadLimits } from '../files/upload-room.js';
import type { UploadSessionsRepo } from './sessions-repo.js';

/**
 * How a PDF enters the library, as the modules that bring one (uploads, the console) see it: the
 * ingestion (src/ingest/) implements it and the wiring hands it to them, so no module imports the
 * ingestion, which sits above the modules it writes through.
 */

/** What may be written with a new file row, in its unit of work. */
export interface AdmissionTx {
  audit: AuditRepo;
  uploadSessions: UploadSessionsRepo;
}

/**
 * A write that must commit with a new file row (a chunked upload's session removed, an
 * administrator's upload audited), given the unit of work's repositories and the new file's id.
 */
export type AlsoInTransaction = (tx: AdmissionTx, fileId: string) => Promise<void>;

export interface IngestInput {
  bytes: Uint8Array;
  fileName: string;
  source: 'seed' | 'import' | 'upload' | 'admin';
  ownerId?: string | null;
  uploadUser?: string | null;
  visibility?: 'public' | 'private';
}

/** An upload (a user's or an administrator's), already written (and synced) to a temporary file whose sha256 is known. */
export interface IngestFileInput extends Omit<IngestInput, 'bytes' | 'ownerId'> {
  path: string;
  size: number;
  sha256: string;
  /** The uploading user; null for a file of the public library (an administrator's upload). */
  ownerId: string | null;
  /** The owner's plan limits, checked in the statement that inserts the row (null: none). */
  limits: UploadLimits | null;
  /**
   * More writes to commit with the file row (a chunked upload's session is deleted there, an
   * administrator's upload is audited there), given the new file's id.
   */
  alsoInTransaction?: AlsoInTransaction;
}

export type IngestOutcome =
  | { kind: 'queued'; fileId: string; jobId: number }
  | { kind: 'duplicate'; fileId: string }
  | { kind: 'rejected'; code: ErrorCode; reason: string };

export interface FileAdmission {
  /** Admits a PDF already written to a temporary file (an upload): checks, stores, queues its reading. */
  ingestFile(input: IngestFileInput): Promise<IngestOutcome>;
}
