import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { createChampions } from './champions.js';
import type { FullTextEngine, IndexedText } from './full-text.js';
import { foldHan } from '@rl/contract/han-fold';
import { foldCompatibility } from '../../text/match-patterns.js';

/** Writes and reads of a file's searchable text in the indexes and the champion lists. */
export function createIndexWrites(
  db: Db,
  engine: FullTextEngine,
  champions: ReturnType<typeof createChampions>,
) {
  return {
    /**
     * Writes a file's searchable text: into the library's index (files_fts and the champion lists),
     * or a private upload's into private_fts only (files/access.ts, searchIndexOf). Call inside the
     * transaction that makes it ready.
     */
    async index(seq: number, text: IndexedText, where: 'library' | 'private' = 'library'): Promise<void> {
      const printed = mapText(text, foldCompatibility);
      // foldHan keeps offsets: a match found in the folded text marks the printed one (snippet.ts).
      const folded = mapText(printed, foldHan);
      const inLibrary = where === 'library';
      await engine.replace(inLibrary ? 'files_fts' : 'private_fts', seq, { printed, folded });
      if (inLibrary) await champions.write(seq, folded);
      else await champions.remove(seq);
    },

    /** Removes a file from both indexes and the champion lists. */
    async unindex(seq: number): Promise<void> {
      await engine.remove(seq);
      await champions.remove(seq);
    },

    /** The indexed text of a file as printed, from whichever index holds it (to move it to the other). */
    async indexed(seq: number): Promise<IndexedText | undefined> {
      const r = await sql<IndexedText>`
        SELECT title, meta, body FROM ${sql.raw(engine.texts('files_fts'))} WHERE rowid = ${seq}
        UNION ALL SELECT title, meta, body FROM ${sql.raw(engine.texts('private_fts'))} WHERE rowid = ${seq}`.execute(
        db,
      );
      return r.rows[0];
    },
  };
}

const mapText = (t: IndexedText, f: (s: string) => string): IndexedText => ({
  title: f(t.title),
  meta: f(t.meta),
  body: f(t.body),
});
