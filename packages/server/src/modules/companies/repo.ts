import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FileCompaniesTable } from '../../db/schema.js';
import { containingPattern, likeIgnoringCase } from '../../db/like.js';
import type { TickerCandidates } from './ticker-input.js';
import { filesWhere } from '../files/visibility.js';
import { vouchedWhere } from '../files/provenance.js';

/** One note's row about a company, with the note's own columns the company page needs. */
export interface CompanyNoteRow extends Omit<FileCompaniesTable, 'file_seq' | 'position'> {
  seq: number;
  file_id: string;
  title: string;
  issuer: string;
  publish_date: string | null;
  language: string;
  sector: string | null;
}

/**
 * Companies of the readable library, from the notes that cover them (file_companies): the
 * library's own and the uploads whose research data an administrator confirmed (provenance.ts).
 */
export function createCompaniesRepo(db: Db) {
  const readable = sql`(${filesWhere().inLibrary} AND ${vouchedWhere()})`;
  const tickerIs = (c: TickerCandidates) => {
    const conditions = [
      ...(c.exact.length ? [sql`c.ticker IN (${sql.join(c.exact)})`] : []),
      // A bare code (`AAPL`) names the company on whichever exchange the notes give it.
      ...c.codes.map((code) => sql`c.ticker LIKE ${`${code}.%`}`),
    ];
    return conditions.length ? sql`(${sql.join(conditions, sql` OR `)})` : null;
  };

  /** Tickers matching, with their number of notes, most covered first. */
  async function tickers(
    where: ReturnType<typeof sql>,
    limit: number,
  ): Promise<{ ticker: string; n: number }[]> {
    const r = await sql<{ ticker: string; n: number }>`SELECT c.ticker, count(*) AS n
      FROM file_companies c JOIN files f ON f.seq = c.file_seq
      WHERE ${readable} AND ${where} GROUP BY c.ticker ORDER BY n DESC, c.ticker LIMIT ${limit}`.execute(db);
    return r.rows.map((row) => ({ ticker: row.ticker, n: Number(row.n) }));
  }

  return {
    /**
     * Companies whose ticker is one of `candidates` or whose name contains `name`, most covered
     * first; with nothing typed, the most covered of all (what a type-ahead offers on opening).
     */
    async find(
      candidates: TickerCandidates,
      name: string,
      limit: number,
    ): Promise<{ ticker: string; n: number }[]> {
      const byTicker = tickerIs(candidates);
      const byName = name ? likeIgnoringCase(sql.ref('c.company_name'), containingPattern(name)) : null;
      const where = [byTicker, byName].filter((w) => w !== null);
      if (where.length === 0) return tickers(sql`TRUE`, limit);
      return tickers(sql`(${sql.join(where, sql` OR `)})`, limit);
    },

    /** The names printed for each of `tickers`, with how many notes print each. */
    async names(list: string[]): Promise<{ ticker: string; company_name: string; n: number }[]> {
      if (list.length === 0) return [];
      const r = await sql<{ ticker: string; company_name: string; n: number }>`
        SELECT c.ticker, c.company_name, count(*) AS n
        FROM file_companies c JOIN files f ON f.seq = c.file_seq
        WHERE ${readable} AND c.ticker IN (${sql.join(list)}) AND c.company_name <> ''
        GROUP BY c.ticker, c.company_name`.execute(db);
      return r.rows.map((row) => ({ ...row, n: Number(row.n) }));
    },

    /** Every readable note on the company, oldest first (undated first). */
    async notes(ticker: string): Promise<CompanyNoteRow[]> {
      const r =
        await sql<CompanyNoteRow>`SELECT f.seq, c.ticker, c.company_name, c.rating, c.rating_normalised,
          c.rating_action, c.previous_rating, c.target_price, c.currency, c.previous_target_price,
          f.id AS file_id, f.title, f.issuer, f.publish_date, f.language, f.sector
        FROM file_companies c JOIN files f ON f.seq = c.file_seq
        WHERE ${readable} AND c.ticker = ${ticker}
        ORDER BY f.publish_date ASC NULLS FIRST, f.seq ASC`.execute(db);
      return r.rows.map((row) => ({
        ...row,
        target_price: row.target_price === null ? null : Number(row.target_price),
        previous_target_price: row.previous_target_price === null ? null : Number(row.previous_target_price),
      }));
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
