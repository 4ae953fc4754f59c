import type { Db } from '../db/database.js';
import { lockForTransaction } from '../db/dialect.js';
import { transactionOf } from '../db/transaction-of.js';
import { createJobsRepo } from '../jobs/jobs-repo.js';
import {
  createFilesRepo,
  libraryContentLock,
  ownerUploadsLock,
  type FileMetaUpdate,
  type NewFile,
  type UploadLimits,
} from '../modules/files/repo.js';
import { createSearchRepo } from '../modules/search/repo.js';
import type { IndexedText } from '../modules/search/full-text.js';
import { createSummaryRepo } from '../modules/summary/repo.js';
import { READING_VERSION } from './reading-version.js';

export const INGEST_JOB = 'ingest';
export const INGEST_FIRST_STEP = 'extract';

/**
 * A write that must commit with a new file row (a chunked upload's session removed, an
 * administrator's upload audited), given the transaction and the new file's id. Built by the
 * repository that owns the write (sessions.removing, …), so services never hold the database.
 */
export type AlsoInTransaction = (trx: Db, fileId: string) => Promise<void>;

const inTransaction = (trx: Db) => ({
  trx,
  files: createFilesRepo(trx),
  search: createSearchRepo(trx),
  summaries: createSummaryRepo(trx),
});

/** The transactions of ingestion: a file row with its job, then each step's results. */
export function createIngestRepo(db: Db) {
  const transaction = transactionOf(db, inTransaction);
  return {
    /**
     * Inserts the file row and its ingest job in one transaction, unless its scope (the public
     * library, or the owner's uploads) already holds the same content or the owner's `limits`
     * would be passed: null then. The check is in the INSERT; on PostgreSQL, whose READ
     * COMMITTED would let two concurrent inserts both see the old count, the transaction first
     * takes a lock on the scope, so the inserts of one owner (or of one content into the library)
     * run one after the other.
     */
    async insertQueued(
      row: NewFile,
      limits: UploadLimits | null,
      now: string,
      also?: AlsoInTransaction,
    ): Promise<{ seq: number; jobId: number } | null> {
      return transaction(async (tx) => {
        await lockForTransaction(
          tx.trx,
          row.owner_id ? ownerUploadsLock(row.owner_id) : libraryContentLock(row.sha256),
        );
        const seq = await tx.files.insertUnlessHeld(row, now, limits);
        if (seq === null) return null;
        const jobId = await createJobsRepo(tx.trx).enqueue(
          INGEST_JOB,
          { file_seq: seq },
          INGEST_FIRST_STEP,
          now,
        );
        await also?.(tx.trx, row.id);
        return { seq, jobId };
      });
    },

    /** Pages and inferred metadata of a processing file; false when the file was deleted meanwhile. */
    async saveExtracted(
      seq: number,
      extracted: { pages: string[]; meta: FileMetaUpdate; tags: string[] },
      now: string,
    ): Promise<boolean> {
      return transaction(async ({ files }) => {
        // Written first, so the transaction holds the write lock before it reads.
        if (!(await files.touch(seq, now))) return false;
        await files.savePages(seq, extracted.pages);
        await files.saveMeta(
          seq,
          { ...extracted.meta, reading_version: READING_VERSION },
          extracted.tags,
          now,
        );
        return true;
      });
    },

    /**
     * Marks the file ready, indexes it (the library's index, or its owner's for a private upload)
     * and queues its summary, together; false when the file was deleted meanwhile. The visibility
     * is read in the same statement that marks it ready: a file published meanwhile lands in the
     * right index.
     */
    async markIndexed(seq: number, doc: IndexedText, now: string): Promise<boolean> {
      return transaction(async ({ files, search, summaries }) => {
        const visibility = await files.markReady(seq, now);
        if (!visibility) return false;
        await search.index(seq, doc, visibility);
        await summaries.enqueue(seq, now);
        return true;
      });
    },

    /** A file that failed for good: out of every index, status failed with its reason. */
    async markFailed(seq: number, fail: { code: string; reason: string }, now: string): Promise<void> {
      await transaction(async ({ files, search }) => {
        await search.unindex(seq);
        await files.setStatus(seq, 'failed', now, fail);
      });
    },
  };
}
export type IngestRepo = ReturnType<typeof createIngestRepo>;
