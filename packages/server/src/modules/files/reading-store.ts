import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FilesTable } from '../../db/schema.js';
import type { FileMetaUpdate } from './repo.js';
import { companyRows, noteRating } from './research-rows.js';
import { foldTagCase, usualSpellings } from './tag-case.js';

/** The UTF-8 bytes pages take stored (files.text_bytes), counted in their owner's storage. */
export const textBytesOf = (pages: string[]): number =>
  pages.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);

/**
 * The one writer of a note's research data: its stored form (stock_information), the rating read
 * from it, and its queryable form (file_companies, research-rows.ts), with the row's other columns.
 */
async function writeResearch(
  db: Db,
  seq: number,
  stockInformation: string,
  columns: Updateable<FilesTable>,
): Promise<void> {
  const companies = companyRows(stockInformation);
  await db
    .updateTable('files')
    .set({ ...columns, stock_information: stockInformation, ...noteRating(companies) })
    .where('seq', '=', seq)
    .execute();
  await db.deleteFrom('file_companies').where('file_seq', '=', seq).execute();
  if (companies.length)
    await db
      .insertInto('file_companies')
      .values(companies.map((c) => ({ ...c, file_seq: seq })))
      .execute();
  await learnCompanyNames(db, companies);
}

/**
 * The names a note prints beside its tickers, kept as names of those companies (company_names,
 * read by modules/companies): a ticker printed with its English name in one note and its Chinese
 * name in another gives the company both. A name already known stays as it is (the console may
 * have taken it away).
 */
async function learnCompanyNames(db: Db, printed: { ticker: string; company_name: string }[]): Promise<void> {
  const now = new Date().toISOString();
  const names = new Map<string, { ticker: string; name: string }>();
  for (const p of printed) {
    const name = p.company_name.trim();
    if (name) names.set(`${p.ticker}\t${name}`, { ticker: p.ticker, name });
  }
  if (names.size === 0) return;
  await db
    .insertInto('company_names')
    .values([...names.values()].map((n) => ({ ...n, source: 'notes' as const, hidden: 0, updated_at: now })))
    .onConflict((oc) => oc.columns(['ticker', 'name']).doNothing())
    .execute();
}

/** The repository's writes of what a reading finds: a file's pages, metadata and research data. */
export function readingStore(db: Db) {
  return {
    /** Replaces a file's pages, and counts their bytes in its storage (text_bytes). */
    async savePages(seq: number, pages: string[]): Promise<void> {
      await db.deleteFrom('file_pages').where('file_seq', '=', seq).execute();
      const textBytes = textBytesOf(pages);
      await db.updateTable('files').set({ text_bytes: textBytes }).where('seq', '=', seq).execute();
      const rows = pages.map((text, i) => ({ file_seq: seq, page_no: i + 1, text }));
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto('file_pages')
          .values(rows.slice(i, i + 200))
          .execute();
    },
    async pages(seq: number): Promise<string[]> {
      const rows = await db
        .selectFrom('file_pages')
        .select('text')
        .where('file_seq', '=', seq)
        .orderBy('page_no')
        .execute();
      return rows.map((r) => r.text);
    },
    /**
     * `reading_version` is given by a reading (ingestion, re-ingestion), not by an edit. The tags
     * are stored in the library's usual letter case (foldTagCase), in both places they live.
     */
    async saveMeta(
      seq: number,
      meta: FileMetaUpdate & { reading_version?: number; corrected_fields?: string },
      given: string[],
      now: string,
    ): Promise<void> {
      const tags = foldTagCase(given, await usualSpellings(db, given, seq));
      await writeResearch(db, seq, meta.stock_information, {
        ...meta,
        tags: JSON.stringify(tags),
        updated_time: now,
      });
      await db.deleteFrom('file_tags').where('file_seq', '=', seq).execute();
      if (tags.length)
        await db
          .insertInto('file_tags')
          .values(tags.map((tag) => ({ tag, file_seq: seq })))
          .execute();
    },
    /** Replaces a note's research data (companies and sector) alone, as the model's pass fills it. */
    async saveResearch(seq: number, stockInformation: string, sector: string | null): Promise<void> {
      await writeResearch(db, seq, stockInformation, { sector });
    },
  };
}
