import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The search's generation: a one-row counter that every write to the full-text tables bumps in
 * its own transaction (both engines), shared by every process and instance. Whatever is cached
 * from a search (counts, pages) is keyed on it; reading it is one primary-key lookup.
 */
export async function readGeneration(db: Db): Promise<string> {
  const r = await sql<{ n: number | string }>`SELECT n FROM search_generation WHERE id = 1`.execute(db);
  return String(r.rows[0]?.n ?? 0);
}

/**
 * The generation and whether `condition` holds, in one statement: a search asks both before it
 * reads anything else, and each statement is a round trip on PostgreSQL.
 */
export async function readGenerationAnd(
  db: Db,
  condition: RawBuilder<unknown>,
): Promise<{ generation: string; holds: boolean }> {
  const r = await sql<{ n: number | string; holds: number }>`
    SELECT n, CASE WHEN ${condition} THEN 1 ELSE 0 END AS holds FROM search_generation WHERE id = 1`.execute(
    db,
  );
  return { generation: String(r.rows[0]?.n ?? 0), holds: Number(r.rows[0]?.holds) === 1 };
}

export async function bumpGeneration(db: Db): Promise<void> {
  await sql`UPDATE search_generation SET n = n + 1 WHERE id = 1`.execute(db);
}
