import { sql, type Kysely } from 'kysely';

/**
 * Research data as first-class columns: a note's sector, normalised rating and rating action on
 * `files` (filters and facets, indexed with the date like the other filters), and one row per
 * company a note covers in `file_companies` (the ticker filter, the type-ahead, the company page).
 * Both are derived from `stock_information` whenever a reading or a correction writes it; here
 * they are filled from what existing rows hold (the sector comes with their next reading).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['sector', 'rating', 'rating_action'])
    await db.schema.alterTable('files').addColumn(column, 'text').execute();
  for (const column of ['sector', 'rating', 'rating_action', 'report_type'])
    await db.schema.createIndex(`files_${column}`).on('files').columns([column, 'publish_date']).execute();
  await db.schema
    .createTable('file_companies')
    .addColumn('file_seq', 'integer', (c) => c.notNull().references('files.seq').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rating', 'text')
    .addColumn('rating_normalised', 'text')
    .addColumn('rating_action', 'text')
    .addColumn('previous_rating', 'text')
    .addColumn('target_price', 'double precision')
    .addColumn('currency', 'text')
    .addColumn('previous_target_price', 'double precision')
    .addPrimaryKeyConstraint('file_companies_pk', ['file_seq', 'ticker'])
    .execute();
  await db.schema
    .createIndex('file_companies_ticker')
    .on('file_companies')
    .columns(['ticker', 'file_seq'])
    .execute();

  const files = await sql<{ seq: number; stock_information: string }>`
    SELECT seq, stock_information FROM files WHERE stock_information <> '[]'`.execute(db);
  for (const f of files.rows) {
    const rows = companyRows(f.stock_information);
    if (rows.length === 0) continue;
    const { rating, rating_action } = noteRating(rows);
    await sql`UPDATE files SET rating = ${rating}, rating_action = ${rating_action} WHERE seq = ${f.seq}`.execute(
      db,
    );
    for (const r of rows)
      await sql`INSERT INTO file_companies (file_seq, position, ticker, company_name, rating, rating_normalised,
        rating_action, previous_rating, target_price, currency, previous_target_price)
        VALUES (${f.seq}, ${r.position}, ${r.ticker}, ${r.company_name}, ${r.rating}, ${r.rating_normalised},
        ${r.rating_action}, ${r.previous_rating}, ${r.target_price}, ${r.currency}, ${r.previous_target_price})`.execute(
        db,
      );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_companies').ifExists().execute();
  for (const column of ['sector', 'rating', 'rating_action', 'report_type'])
    await db.schema.dropIndex(`files_${column}`).ifExists().execute();
  for (const column of ['rating_action', 'rating', 'sector'])
    await db.schema.alterTable('files').dropColumn(column).execute();
}

/*
 * How stock_information read as rows on the day of this migration (the files module's
 * research-rows.ts then), frozen here: a migration never changes with the live code.
 */
const STEPS = ['buy', 'outperform', 'hold', 'underperform', 'sell'];
const ACTIONS = ['initiate', 'maintain', 'upgrade', 'downgrade'];

interface CompanyRow {
  position: number;
  ticker: string;
  company_name: string;
  rating: string | null;
  rating_normalised: string | null;
  rating_action: string | null;
  previous_rating: string | null;
  target_price: number | null;
  currency: string | null;
  previous_target_price: number | null;
}

const oneOf = (values: string[], v: unknown): string | null =>
  typeof v === 'string' && values.includes(v) ? v : null;
const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

function companyRows(json: string): CompanyRow[] {
  let list: unknown;
  try {
    list = JSON.parse(json || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const rows: CompanyRow[] = [];
  for (const item of list as Record<string, unknown>[]) {
    const ticker = textOrNull(item?.ticker)?.trim();
    if (!ticker || seen.has(ticker)) continue;
    seen.add(ticker);
    rows.push({
      position: rows.length,
      ticker,
      company_name: textOrNull(item.company_name) ?? '',
      rating: textOrNull(item.rating),
      rating_normalised: oneOf(STEPS, item.rating_normalised),
      rating_action: oneOf(ACTIONS, item.rating_action),
      previous_rating: textOrNull(item.previous_rating),
      target_price: numberOrNull(item.target_price_value),
      currency: textOrNull(item.currency),
      previous_target_price: numberOrNull(item.previous_target_price),
    });
  }
  return rows;
}

function noteRating(rows: CompanyRow[]): { rating: string | null; rating_action: string | null } {
  const only = rows.length === 1 ? rows[0] : undefined;
  return { rating: only?.rating_normalised ?? null, rating_action: only?.rating_action ?? null };
}
