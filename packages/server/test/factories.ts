import { newFileId } from '../src/ingest/ingest-file.js';
import { metaColumns } from '../src/ingest/meta-columns.js';
import { searchDocument } from '../src/ingest/search-document.js';
import type { Db } from '../src/db/database.js';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { createSearchRepo } from '../src/modules/search/repo.js';
import type { InferredMeta } from '../src/pdf/infer-metadata.js';

export interface FileSpec extends Partial<InferredMeta> {
  pages?: string[];
  status?: 'processing' | 'ready' | 'failed';
  visibility?: 'public' | 'private';
  sha256?: string;
}

let counter = 0;

/** Writes a library file the way ingestion leaves it (pages, metadata, index row), without a PDF. */
export async function buildFile(db: Db, spec: FileSpec = {}): Promise<{ id: string; seq: number }> {
  counter++;
  const meta: InferredMeta = {
    title: spec.title ?? `Report ${counter}`,
    issuer: spec.issuer ?? 'Northbridge Securities',
    authors: spec.authors ?? ['Jane Doe'],
    publishDate: spec.publishDate === undefined ? '2024-01-15' : spec.publishDate,
    language: spec.language ?? 'en',
    assetClass: spec.assetClass ?? 'Equities',
    country: spec.country ?? 'U.S.',
    tags: spec.tags ?? ['earnings'],
    keywords: spec.keywords ?? [],
    stockInformation: spec.stockInformation ?? [],
    pageCount: spec.pageCount ?? spec.pages?.length ?? 1,
  };
  const pages = spec.pages ?? [`Body text of report ${counter}.`];
  const files = createFilesRepo(db);
  const id = newFileId();
  const now = '2026-11-21T10:00:00.000Z';
  const seq = await files.insert(
    {
      id,
      sha256: spec.sha256 ?? counter.toString(16).padStart(64, '0'),
      file_name: `report-${counter}.pdf`,
      size_bytes: 1000,
      visibility: spec.visibility ?? 'public',
      owner_id: null,
      upload_user: null,
      source: 'import',
    },
    now,
  );
  await files.savePages(seq, pages);
  await files.saveMeta(seq, metaColumns(meta), meta.tags, now);
  const status = spec.status ?? 'ready';
  // The index holds exactly the ready public files (see search/repo.ts).
  if (status === 'ready' && (spec.visibility ?? 'public') === 'public') {
    await createSearchRepo(db).index(seq, searchDocument(meta, pages));
  }
  await files.setStatus(seq, status, now);
  return { id, seq };
}
