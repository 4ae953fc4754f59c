import type { UnitOfWork } from '../db/unit-of-work.js';
import type { JobsRepo } from '../jobs/jobs-repo.js';
import type { FileMetaUpdate, FilesRepo, NewFile } from '../modules/files/repo.js';
import type { UploadLimits } from '../modules/files/upload-room.js';
import { takesModelPass } from '../modules/research/fill-research.js';
import type { IndexedText } from '../modules/search/full-text.js';
import type { SearchRepo } from '../modules/search/repo.js';
import type { AdmissionTx, AlsoInTransaction } from '../modules/uploads/admission.js';
import { READING_VERSION } from '../pdf/reading-version.js';
import { keepCorrections } from '../modules/files/corrections.js';
import { isReady } from '../modules/files/visibility.js';
import { reindexFile } from '../modules/search/reindex.js';
import type { StoredPdfReading } from './read-stored-pdf.js';
import type { ReingestRepo } from './reingest-repo.js';
import type { UsersRepo } from '../modules/users/repo.js';
import { admitText } from './text-room.js';
import { searchIndexOf } from '../modules/files/access.js';

/** What ingestion writes together in its units of work. */
export type IngestTx = AdmissionTx & {
  users: UsersRepo;
  files: FilesRepo;
  search: SearchRepo;
  jobs: JobsRepo;
  reingest: ReingestRepo;
};

/**
 * The writes of ingestion, each one unit of work: a file row with its job, then each step's results.
 * `modelPass`: a provider is configured, so a company or industry note gets the model's pass over
 * its research data (the research job) once it is indexed.
 */
export function createIngestWrites(transaction: UnitOfWork<IngestTx>, opts: { modelPass: boolean }) {
  return {
    /**
     * Inserts the file row and its ingest job, unless its scope (the public library, or the owner's
     * uploads) already holds the same content or the owner's `limits` would be passed: null then.
     * The check is in the INSERT, under the scope's lock (files.lockScope).
     */
    insertQueued(
      row: NewFile,
      limits: UploadLimits | null,
      now: string,
      also?: AlsoInTransaction,
    ): Promise<{ seq: number; jobId: number } | null> {
      return transaction(async (tx) => {
        await tx.files.lockScope(row.owner_id, row.sha256);
        const seq = await tx.files.insertUnlessHeld(row, now, limits);
        if (seq === null) return null;
        const jobId = await tx.jobs.enqueue('ingest', { file_seq: seq }, now);
        await also?.(tx, row.id);
        return { seq, jobId };
      });
    },

    /**
     * Pages and inferred metadata of a processing file; false when the file was deleted meanwhile.
     * An upload's text must fit its owner's storage left (text-room.ts): past it the job fails
     * (PermanentJobError) and nothing is stored.
     */
    saveExtracted(
      seq: number,
      extracted: { pages: string[]; meta: FileMetaUpdate; tags: string[] },
      now: string,
    ): Promise<boolean> {
      return transaction(async ({ files, users }) => {
        // Written first, so the transaction holds the write lock before it reads.
        if (!(await files.touch(seq, now))) return false;
        const file = await files.bySeq(seq);
        if (!file) return false;
        await admitText({ files, users }, file, extracted.pages, now);
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
     * and queues what follows a reading (its summary, the model's research pass), together; false
     * when the file was deleted meanwhile. The visibility is read in the statement that marks it
     * ready: a file published meanwhile lands in the right index.
     */
    markIndexed(seq: number, doc: IndexedText, reportType: string, now: string): Promise<boolean> {
      return transaction(async ({ files, search, jobs }) => {
        const visibility = await files.markReady(seq, now);
        if (!visibility) return false;
        await search.index(seq, doc, searchIndexOf({ visibility }));
        await queueAfterReading(jobs, seq, reportType, now, { ...opts, newReport: true });
        // A new report only: a re-reading changes no one's news.
        await jobs.enqueue('alerts', { file_seq: seq }, now);
        return true;
      });
    },

    /**
     * A file's new reading (re-ingestion), in one unit of work: pages (when the text changed),
     * metadata with every corrected field kept, the current reading version, its search entry
     * (replaced in the same transaction: the file never leaves search) and, when the text changed,
     * what a reading owes. False when the file is gone or no longer ready meanwhile.
     */
    saveReread(seq: number, reading: StoredPdfReading, now: string): Promise<boolean> {
      return transaction(async ({ files, search, jobs }) => {
        // Written first, so the transaction holds the write lock before it reads the corrections.
        if (!(await files.touch(seq, now))) return false;
        const row = await files.bySeq(seq);
        if (!row || !isReady(row)) return false;
        const meta = keepCorrections(reading.meta, row);
        const textChanged = JSON.stringify(await files.pages(seq)) !== JSON.stringify(reading.pages);
        if (textChanged) await files.savePages(seq, reading.pages);
        await files.saveMeta(
          seq,
          { ...meta, reading_version: READING_VERSION },
          JSON.parse(meta.tags) as string[],
          now,
        );
        await reindexFile({ search, files }, { ...row, ...meta });
        if (textChanged)
          await queueAfterReading(jobs, seq, meta.report_type, now, { ...opts, newReport: false });
        return true;
      });
    },

    /**
     * A ready file the current reading cannot read: it keeps what an older one read, counted as
     * read, and its search entry is written again from its stored pages (the index's folding may
     * have changed with the version).
     */
    keepOlderReading(seq: number): Promise<void> {
      return transaction(async ({ files, search, reingest }) => {
        if (!(await reingest.markCurrent(seq))) return;
        const row = await files.bySeq(seq);
        if (row) await reindexFile({ search, files }, row);
      });
    },

    /** A file that failed for good: out of every index, status failed with its reason. */
    markFailed(seq: number, fail: { code: string; reason: string }, now: string): Promise<void> {
      return transaction(async ({ files, search }) => {
        await search.unindex(seq);
        await files.setStatus(seq, 'failed', now, fail);
      });
    },
  };
}
export type IngestWrites = ReturnType<typeof createIngestWrites>;

/**
 * What a new reading of a file owes: its summary, and with a provider the model's research pass
 * (whose findings reach followers when the report is new: `newReport`).
 */
export async function queueAfterReading(
  jobs: JobsRepo,
  seq: number,
  reportType: string,
  now: string,
  opts: { modelPass: boolean; newReport: boolean },
): Promise<void> {
  await jobs.enqueue('summarise', { file_seq: seq }, now);
  if (opts.modelPass && takesModelPass(reportType))
    await jobs.enqueue('research', { file_seq: seq, new_report: opts.newReport }, now);
}
