import { newFileId } from '../src/ingest/ingest-file.js';
import { storableString } from '../src/ingest/storable-text.js';
import { metaColumns } from '../src/modules/files/meta-columns.js';
import { READING_VERSION } from '../src/pdf/reading-version.js';
import { searchDocument } from '../src/modules/search/search-document.js';
import type { Db } from '../src/db/database.js';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { createSearchRepo } from '../src/modules/search/repo.js';
import type { InferredMeta } from '../src/pdf/infer-metadata.js';
import { searchIndexOf } from '../src/modules/files/access.js';

export interface FileSpec extends Partial<InferredMeta> {
  pages?: string[];
  status?: 'processing' | 'ready' | 'failed';
  visibility?: 'public' | 'private';
  sha256?: string;
  /** An upload of this user: private unless `visibility` says otherwise, source 'upload'. */
  ownerId?: string;
  sizeBytes?: number;
  sector?: InferredMeta['sector'];
  reportType?: InferredMeta['reportType'];
}

let counter = 0;

/** Writes a library file the way ingestion leaves it (pages, metadata, index row), without a PDF. */
export async function buildFile(db: Db, spec: FileSpec = {}): Promise<{ id: string; seq: number }> {
  counter++;
  const meta: InferredMeta = {
    title: spec.title ?? `Report ${counter}`,
    issuer: spec.issuer ?? 'Northbridge Securities',
    authors: spec.authors ?? ['Jane Doe'],
    authorRegistrations: {},
    reportType: spec.reportType ?? 'company',
    publishDate: spec.publishDate === undefined ? '2024-01-15' : spec.publishDate,
    language: spec.language ?? 'en',
    assetClass: spec.assetClass ?? 'Equities',
    country: spec.country ?? 'U.S.',
    tags: spec.tags ?? ['earnings'],
    keywords: spec.keywords ?? [],
    stockInformation: spec.stockInformation ?? [],
    ...(spec.mentionedCompanies ? { mentionedCompanies: spec.mentionedCompanies } : {}),
    ...(spec.industryRating ? { industryRating: spec.industryRating } : {}),
    sector: spec.sector ?? null,
    pageCount: spec.pageCount ?? spec.pages?.length ?? 1,
  };
  // As ingestion stores them (PostgreSQL text cannot hold NUL characters).
  const pages = (spec.pages ?? [`Body text of report ${counter}.`]).map(storableString);
  const files = createFilesRepo(db);
  const id = newFileId();
  const now = '2026-11-21T10:00:00.000Z';
  const visibility = spec.visibility ?? (spec.ownerId ? 'private' : 'public');
  const seq = await files.insert(
    {
      id,
      sha256: spec.sha256 ?? counter.toString(16).padStart(64, '0'),
      file_name: `report-${counter}.pdf`,
      size_bytes: spec.sizeBytes ?? 1000,
      visibility,
      owner_id: spec.ownerId ?? null,
      upload_user: null,
      source: spec.ownerId ? 'upload' : 'import',
    },
    now,
  );
  await files.savePages(seq, pages);
  await files.saveMeta(seq, { ...metaColumns(meta), reading_version: READING_VERSION }, meta.tags, now);
  const status = spec.status ?? 'ready';
  // files_fts holds exactly the ready public files, private_fts the ready private uploads.
  if (status === 'ready' && (visibility === 'public' || spec.ownerId)) {
    await createSearchRepo(db).index(seq, searchDocument(meta, pages), searchIndexOf({ visibility }));
  }
  await files.setStatus(seq, status, now);
  return { id, seq };
}
