import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import HKVariantsRev from 'opencc-js/dict/HKVariantsRev';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import TWVariantsRev from 'opencc-js/dict/TWVariantsRev';

/**
 * Issuer stars become follows of kind 'issuer': one follow per user and issuer (two stars whose
 * names fold alike, or a follow of that issuer already there, give one), labelled with the starred
 * name, keyed as the matching looks issuers up. The plan's follow limit is not applied: a user
 * keeps every issuer they starred. Then `issuer_stars` goes: the issuer-star calls read and write
 * follows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const fold = issuerKeyFold();
  type Star = { user_id: string; issuer: string; created_at: string };
  let after: Star | null = null;
  for (;;) {
    const cursor: Star | null = after;
    const page: { rows: Star[] } = await sql<Star>`
      SELECT user_id, issuer, created_at FROM issuer_stars
      ${cursor ? sql`WHERE user_id > ${cursor.user_id} OR (user_id = ${cursor.user_id} AND issuer > ${cursor.issuer})` : sql``}
      ORDER BY user_id, issuer LIMIT 500`.execute(db);
    if (!page.rows.length) break;
    for (const star of page.rows) {
      const key = fold(star.issuer);
      if (!key) continue;
      await sql`INSERT INTO follows (id, user_id, kind, key, label, search, paused, created_at)
        VALUES (${randomBytes(12).toString('base64url')}, ${star.user_id}, 'issuer', ${key},
          ${star.issuer}, NULL, 0, ${star.created_at})
        ON CONFLICT (user_id, kind, key) DO NOTHING`.execute(db);
    }
    after = page.rows[page.rows.length - 1] ?? null;
  }
  await db.schema.dropTable('issuer_stars').execute();
}

/** The stars come back from the issuer follows, named by their labels. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('issuer_stars')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('issuer_stars_pk', ['user_id', 'issuer'])
    .execute();
  await sql`INSERT INTO issuer_stars (user_id, issuer, created_at)
    SELECT user_id, label, min(created_at) FROM follows WHERE kind = 'issuer' GROUP BY user_id, label`.execute(
    db,
  );
}

/**
 * An issuer's key as the follows module folded it on the day (the contract's foldName): case,
 * accents and width folded, traditional Chinese as simplified (OpenCC's character tables, as
 * the contract's han-fold.ts reads them), spaces collapsed.
 */
function issuerKeyFold(): (name: string) => string {
  const entries = (dict: string): [string, string][] =>
    dict.split('|').flatMap((entry) => {
      const [from, to] = entry.split(' ');
      return from && to ? [[from, to] as [string, string]] : [];
    });
  const toSimplified = new Map(entries(TSCharacters));
  const variants = new Map([...entries(HKVariantsRev), ...entries(TWVariantsRev)]);
  const map = new Map<string, string>();
  const add = (from: string, to: string) => {
    if (from !== to && from.length === to.length) map.set(from, to);
  };
  for (const [from, to] of toSimplified) add(from, to);
  for (const [from, standard] of variants) {
    const simplified = toSimplified.get(standard);
    if (simplified !== undefined && !toSimplified.has(from)) add(from, simplified);
  }
  for (const [from, to] of map) {
    let end = to;
    for (let i = 0; i < 4 && map.has(end); i++) end = map.get(end) ?? end;
    if (end === from) map.delete(from);
    else if (end.length === from.length) map.set(from, end);
  }
  const foldHan = (text: string): string => {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) {
        const pair = text.slice(i, i + 2);
        out += map.get(pair) ?? pair;
        i++;
      } else out += map.get(text[i] ?? '') ?? text[i];
    }
    return out;
  };
  return (name) =>
    foldHan(name.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')).replace(/\s+/g, ' ').trim();
}
