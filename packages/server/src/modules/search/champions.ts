import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ParsedQuery } from './fts-query.js';
import { createGenerationCache } from './generation-cache.js';
import { readGeneration } from './search-generation.js';
import { documentImpacts, keep } from './term-impacts.js';

/** How many completions a typed prefix expands to. */
const PREFIX_EXPANSIONS = 6;
/** Prefixes whose completions are remembered while the search generation stays. */
const CACHED_PREFIXES = 2000;

type Term = ParsedQuery['terms'][number];

/**
 * The lists a query term is ranked on. A phrase (quoted words, a Chinese word the segmenter
 * splits: 信用债 is 信用|债) is ranked on each of its words that the lists keep, so a title holding
 * the whole phrase outranks one holding its longest word only; the phrase itself is checked in
 * the text. A single word, or a phrase being typed (its last word a prefix), is one list.
 */
export function listUnits(term: Term): Term[] {
  if (term.prefix || term.tokens.length === 1) return [term];
  const words = [...new Set(term.tokens.filter(keep))];
  const longest = [...term.tokens].sort((a, b) => b.length - a.length)[0] ?? '';
  return (words.length ? longestWords(words) : [longest]).map((word) => ({ tokens: [word], prefix: false }));
}

/**
 * The lists a phrase is ranked on, at most. Each list costs a count of its word's documents and a
 * join: a pasted paragraph of Chinese is one phrase of some ninety words, and ranking on all of
 * them took seconds. A report holding the phrase holds every word of it, so ranking on a few finds
 * it still; the phrase itself is checked in the text (ranked-pages.ts).
 */
export const MAX_PHRASE_LISTS = 6;

/** The longest words (the rarest, as a rule), in the phrase's order, at most MAX_PHRASE_LISTS. */
function longestWords(words: string[]): string[] {
  if (words.length <= MAX_PHRASE_LISTS) return words;
  const kept = new Set(
    words
      .map((word, i) => ({ word, i }))
      .sort((a, b) => b.word.length - a.word.length || a.i - b.i)
      .slice(0, MAX_PHRASE_LISTS)
      .map((x) => x.word),
  );
  return words.filter((w) => kept.has(w));
}

/** Reads and writes the champion lists of term-impacts.ts. */
export function createChampions(db: Db) {
  // Every keyword search typed as a prefix reads its completions: a round trip on PostgreSQL.
  const completionsCache = createGenerationCache<string[]>(() => readGeneration(db), CACHED_PREFIXES);

  /**
   * Index terms read for one query term at the search generation `gen`: its longest token, or a
   * prefix's most common completions, the word as typed first (`copper` is read deepest even where
   * `copperline` is more common).
   */
  async function listTerms(term: Term, gen: string): Promise<string[]> {
    const last = term.tokens[term.tokens.length - 1] ?? '';
    const longest = [...term.tokens].sort((a, b) => b.length - a.length)[0] ?? '';
    const usePrefix = term.prefix && (term.tokens.length === 1 || longest === last);
    if (!usePrefix) return [longest];
    return completionsCache.get(
      last,
      async () => {
        const rows = await sql<{ term: string }>`SELECT term FROM impact_terms
          WHERE term >= ${last} AND term < ${last + '\uffff'}
          ORDER BY CASE WHEN term = ${last} THEN 0 ELSE 1 END, docs DESC LIMIT ${PREFIX_EXPANSIONS}`.execute(
          db,
        );
        return rows.rows.map((r) => r.term);
      },
      gen,
    );
  }

  /**
   * SQL of one term's list, `seq` and weight `w`, `depth` entries deep. The most common completion
   * of a prefix is read to full depth, the rarer ones less: they add few documents.
   */
  function listSql(terms: string[], depth: number): RawBuilder<unknown> {
    const read = (t: string, n: number) =>
      sql`SELECT seq, weight AS w FROM term_impacts WHERE term = ${t} ORDER BY weight DESC LIMIT ${n}`;
    if (terms.length <= 1) return read(terms[0] ?? '', depth);
    const parts = terms.map(
      (t, i) =>
        sql`SELECT * FROM (${read(t, i === 0 ? depth : Math.ceil(depth / 8))}) AS l${sql.raw(String(i))}`,
    );
    return sql`SELECT seq, max(w) AS w FROM (${sql.join(parts, sql` UNION ALL `)}) AS completions GROUP BY seq`;
  }

  return {
    /**
     * Documents that are about every term, best first (score = sum of idf x weight; ties: newest
     * first), at most `limit`. `idf` gives each term's inverse document frequency. Complete for the
     * documents it lists; those that only mention a term in passing are not in the lists and come
     * from exact ranking instead. `depth` is how far down each term's list to read; `where`, a
     * condition on `files f`, filters; `generation`, the search generation the search reads at.
     * The intersection runs in SQL: no list is copied out.
     */
    async rank(
      q: ParsedQuery,
      idf: (term: Term) => Promise<number>,
      opts: { depth: number; limit: number; where: RawBuilder<unknown> | null; generation: string },
    ): Promise<number[]> {
      if (q.terms.length === 0) return [];
      const units = q.terms.flatMap(listUnits);
      const terms = await Promise.all(units.map((u) => listTerms(u, opts.generation)));
      const idfs = await Promise.all(units.map(idf));
      const name = (i: number) => sql.raw(`t${i}`);
      const lists = terms.map((t, i) => sql`(${listSql(t, opts.depth)}) ${name(i)}`);
      const score = sql.join(
        idfs.map((w, i) => sql`${name(i)}.w * ${w}`),
        sql` + `,
      );
      const joins = lists.slice(1).map((list, i) => sql`JOIN ${list} ON ${name(i + 1)}.seq = t0.seq`);
      const filter = opts.where ? sql`JOIN files f ON f.seq = t0.seq WHERE ${opts.where}` : sql``;
      const ranked = await sql<{ seq: number }>`SELECT t0.seq AS seq, ${score} AS score
        FROM ${lists[0]} ${sql.join(joins, sql` `)} ${filter}
        ORDER BY score DESC, t0.seq DESC LIMIT ${opts.limit}`.execute(db);
      return ranked.rows.map((r) => r.seq);
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
          .onConflict((oc) => oc.column('term').doUpdateSet({ docs: sql`impact_terms.docs + 1` }))
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
