import { sql, type Kysely } from 'kysely';

/**
 * Readings stored before ingestion bounded what a document may make us store: a PDF's /Title of
 * megabytes became a title of megabytes, 60,000 /Author names as many analysts. They are cut to
 * the edit forms' limits, which ingestion applies now (pdf/bounded-reading.ts). The limits are
 * written here as they were on the day, so a later change of the live ones does not rewrite this.
 */
const TITLE_MAX = 300;
const ISSUER_MAX = 200;
const LISTS = [
  { column: 'authors', count: 50, length: 100 },
  { column: 'tags', count: 50, length: 50 },
  { column: 'keywords', count: 20, length: 60 },
] as const;

const cut = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

function cutList(json: string, count: number, length: number): string {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return '[]';
  }
  if (!Array.isArray(list)) return '[]';
  return JSON.stringify(
    list
      .map((v) => cut(String(v).trim(), length))
      .filter((v) => v !== '')
      .slice(0, count),
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, max] of [
    ['title', TITLE_MAX],
    ['issuer', ISSUER_MAX],
  ] as const) {
    await sql`UPDATE files SET ${sql.ref(column)} = substr(${sql.ref(column)}, 1, ${max - 1}) || '…'
      WHERE length(${sql.ref(column)}) > ${max}`.execute(db);
  }
  for (const { column, count, length } of LISTS) {
    // A list within the limits is at most count × (length + 3) characters of JSON (quotes, comma).
    const longest = count * (length + 3) + 2;
    const rows = await sql<{ seq: number; value: string }>`SELECT seq, ${sql.ref(column)} AS value
      FROM files WHERE length(${sql.ref(column)}) > ${longest}`.execute(db);
    for (const row of rows.rows)
      await sql`UPDATE files SET ${sql.ref(column)} = ${cutList(row.value, count, length)}
        WHERE seq = ${row.seq}`.execute(db);
  }
}

/** Nothing to undo: what was cut was never meant to be stored. */
export async function down(): Promise<void> {}
