import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ParsedQuery } from './fts-query.js';
import { documentImpacts } from './term-impacts.js';

/** How many completions a typed prefix expands to. */
const PREFIX_EXPANSIONS = 6;

/** Reads and writes the champion lists of term-impacts.ts. */
export function createChampions(db: Db) {
  /** The heaviest documents for one query term: its longest token, or a prefix's common completions. */
  async function listFor(term: ParsedQuery['terms'][number], depth: number): Promise<Map<number, number>> {
    const last = term.tokens[term.tokens.length - 1] ?? '';
    const longest = [...term.tokens].sort((a, b) => b.length - a.length)[0] ?? '';
    const usePrefix = term.prefix && (term.tokens.length === 1 || longest === last);
    const terms = usePrefix
      ? (
          await sql<{
            term: string;
          }>`SELECT term FROM impact_terms WHERE term >= ${last} AND term < ${last + '\uffff'}
            ORDER BY docs DESC LIMIT ${PREFIX_EXPANSIONS}`.execute(db)
        ).rows.map((r) => r.term)
      : [longest];
    const weights = new Map<number, number>();
    // The most common completion is read to full depth, the rarer ones less: they add few documents.
    for (const [i, t] of terms.entries()) {
      const rows = await sql<{
        seq: number;
        weight: number;
      }>`SELECT seq, weight FROM term_impacts WHERE term = ${t}
        ORDER BY weight DESC LIMIT ${i === 0 ? depth : Math.ceil(depth / 8)}`.execute(db);
      for (const r of rows.rows) weights.set(r.seq, Math.max(weights.get(r.seq) ?? 0, r.weight));
    }
    return weights;
  }

  return {
    /**
     * Documents that are about every term, best first, with score = sum of idf x weight. `idf` gives
     * each term's inverse document frequency. Complete for the documents it lists; those that only
     * mention a term in passing are not in the lists and come from exact ranking instead. `depth` is
     * how far down each term's list to read: a page's worth for one word, more for an intersection.
     */
    async rank(
      q: ParsedQuery,
      idf: (termIndex: number) => Promise<number>,
      depth: number,
    ): Promise<number[]> {
      const lists = await Promise.all(q.terms.map((t) => listFor(t, depth)));
      const idfs = await Promise.all(q.terms.map((_t, i) => idf(i)));
      const order = lists.map((l, i) => ({ l, w: idfs[i] ?? 0 })).sort((a, b) => a.l.size - b.l.size);
      const [smallest, ...rest] = order;
      if (!smallest) return [];
      const scored: [number, number][] = [];
      for (const [seq, weight] of smallest.l) {
        let score = weight * smallest.w;
        let everywhere = true;
        for (const other of rest) {
          const w = other.l.get(seq);
          if (w === undefined) {
            everywhere = false;
            break;
          }
          score += w * other.w;
        }
        if (everywhere) scored.push([seq, score]);
      }
      return scored.sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([seq]) => seq);
    },

    /** Replaces a document's champion entries. Call inside the transaction that indexes it. */
    async write(seq: number, doc: { title: string; meta: string; body: string }): Promise<void> {
      await this.remove(seq);
      const impacts = documentImpacts(doc);
      for (let i = 0; i < impacts.length; i += 300) {
        const chunk = impacts.slice(i, i + 300);
        await db
          .insertInto('term_impacts')
          .values(chunk.map((x) => ({ ...x, seq })))
          .execute();
        await db
          .insertInto('impact_terms')
          .values(chunk.map((x) => ({ term: x.term, docs: 1 })))
          .onConflict((oc) => oc.column('term').doUpdateSet({ docs: sql`docs + 1` }))
          .execute();
      }
    },

    async remove(seq: number): Promise<void> {
      await sql`UPDATE impact_terms SET docs = docs - 1 WHERE term IN (SELECT term FROM term_impacts WHERE seq = ${seq})`.execute(
        db,
      );
      await db.deleteFrom('term_impacts').where('seq', '=', seq).execute();
    },
  };
}
export type Champions = ReturnType<typeof createChampions>;
