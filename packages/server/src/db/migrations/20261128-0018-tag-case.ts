import { sql, type Kysely } from 'kysely';

/**
 * Tags that differ only in letter case become one tag: each takes the spelling most files use
 * (ties: the first in code-point order), in `file_tags` and in each file's `tags` list. New tags
 * are stored the same way (modules/files/tag-case.ts); this folds what was stored before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = (await sql<{ tag: string; file_seq: number }>`SELECT tag, file_seq FROM file_tags`.execute(db))
    .rows;
  const counts = new Map<string, Map<string, number>>();
  for (const { tag } of rows) {
    const spellings = counts.get(tag.toLowerCase()) ?? new Map<string, number>();
    spellings.set(tag, (spellings.get(tag) ?? 0) + 1);
    counts.set(tag.toLowerCase(), spellings);
  }
  const usual = new Map<string, string>();
  for (const [key, spellings] of counts) {
    if (spellings.size < 2) continue;
    const [first] = [...spellings].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0));
    if (first) usual.set(key, first[0]);
  }
  if (!usual.size) return;
  const seqs = [
    ...new Set(rows.filter((r) => usual.has(r.tag.toLowerCase())).map((r) => Number(r.file_seq))),
  ];
  for (const seq of seqs) {
    const file = (await sql<{ tags: string }>`SELECT tags FROM files WHERE seq = ${seq}`.execute(db)).rows[0];
    const listed = file ? (JSON.parse(file.tags) as string[]) : [];
    const indexed = rows.filter((r) => Number(r.file_seq) === seq).map((r) => r.tag);
    const fold = (tags: string[]) => [...new Set(tags.map((t) => usual.get(t.toLowerCase()) ?? t))];
    await sql`DELETE FROM file_tags WHERE file_seq = ${seq}`.execute(db);
    for (const tag of fold(indexed))
      await sql`INSERT INTO file_tags (tag, file_seq) VALUES (${tag}, ${seq})`.execute(db);
    if (file)
      await sql`UPDATE files SET tags = ${JSON.stringify(fold(listed))} WHERE seq = ${seq}`.execute(db);
  }
}

/** The other spellings are not kept: nothing to undo. */
export async function down(): Promise<void> {}
