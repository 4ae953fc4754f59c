import { sql, type Kysely } from 'kysely';

/** Rows of a table, on either side of a copy. */
export async function countRows<D>(db: Kysely<D>, table: string): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
