import type { ReportLanguage } from '@rl/contract';
import type { GlossaryEntry } from '../glossary/builtin-glossary.js';
import type { GlossarySource } from '../glossary/glossary-source.js';
import type { ParsedQuery, QueryTerm } from './fts-query.js';
import { foldHan } from '@rl/contract/han-fold';
import { tickerRunAt } from './company-words.js';
import { queryTokens } from '../../text/segment.js';
import { singularOf } from '../../text/english-inflection.js';

/** A concept spans at most this many typed terms (`interest rate swap spread` is four). */
const MAX_CONCEPT_TERMS = 5;
/** Forms a term is widened to at most: a query stays a handful of phrases. */
const MAX_EQUIVALENTS = 6;

const HAS_HAN = /\p{Script=Han}/u;
const languageOf = (form: string): ReportLanguage => (HAS_HAN.test(form) ? 'zh' : 'en');

/** One form of a glossary concept: as printed, and as the index's tokens. */
interface Form {
  text: string;
  tokens: string[];
}

/** The glossary read for search: every form of every concept, by its tokens. */
export interface GlossaryIndex {
  /** The other forms of the concept whose form is `key` (tokens joined by spaces), if any. */
  alternatives(key: string): Form[] | undefined;
  /** Whether `key` is a company's name: kept whole even without another form (company-words.ts). */
  isName?(key: string): boolean;
}

/** How a form or a run of typed tokens is looked up: tokens joined by spaces, folded to simplified. */
export const keyOf = (tokens: string[]) => foldHan(tokens.join(' '));

const LATIN_WORD = /^[a-z]+$/;

/**
 * A key with each English word in its singular form (english-inflection.ts): `exchange rate` and
 * `exchange rates` are one key. Tokens are lower-cased already, so acronyms of three letters or
 * fewer stay as they are; digits and Chinese are left alone.
 */
export const inflectionKey = (key: string): string =>
  key
    .split(' ')
    .map((t) => (LATIN_WORD.test(t) ? singularOf(t) : t))
    .join(' ');

/**
 * Indexes the glossary's forms by their tokens, as a query is tokenised: a query term that is a
 * form (`半导体`, `利率債`, `Interest-rate swap`) finds its concept whatever its case, script or
 * punctuation, and an English form whatever its number (`exchange rate` finds the concept of
 * `exchange rates`). A form as typed wins over another number's; a form two concepts share keeps
 * the first.
 */
export function createGlossaryIndex(entries: readonly GlossaryEntry[]): GlossaryIndex {
  const byKey = new Map<string, Form[]>();
  const byInflection = new Map<string, Form[]>();
  for (const entry of entries) {
    const forms = formsOf(entry);
    for (const form of forms) {
      const key = keyOf(form.tokens);
      if (!byKey.has(key))
        byKey.set(
          key,
          forms.filter((other) => keyOf(other.tokens) !== key),
        );
      const inflected = inflectionKey(key);
      if (!byInflection.has(inflected))
        byInflection.set(
          inflected,
          forms.filter((other) => inflectionKey(keyOf(other.tokens)) !== inflected),
        );
    }
  }
  return { alternatives: (key) => byKey.get(key) ?? byInflection.get(inflectionKey(key)) };
}

/** The index of the glossary in use, and a tag that changes whenever the glossary does. */
export interface CurrentGlossaryIndex {
  index: GlossaryIndex;
  tag: number;
}

/**
 * The index of the glossary `source` has in use, rebuilt (about 0.1 s) only when the source hands
 * out a new array, i.e. after the glossary changed; the tag tells cached answers apart.
 */
export function currentGlossaryIndex(source: GlossarySource): () => Promise<CurrentGlossaryIndex> {
  let built: { entries: readonly GlossaryEntry[]; current: CurrentGlossaryIndex } | null = null;
  let tag = 0;
  return async () => {
    const entries = await source.current();
    if (built?.entries !== entries)
      built = { entries, current: { index: createGlossaryIndex(entries), tag: ++tag } };
    return built.current;
  };
}

/** A concept's forms, each once: forms that tokenise alike (`AI`, `ai`) are the first, as printed. */
function formsOf(entry: GlossaryEntry): Form[] {
  const byKey = new Map<string, Form>();
  for (const text of [...entry.zh, ...entry.en]) {
    const tokens = queryTokens(text);
    const key = keyOf(tokens);
    if (tokens.length > 0 && !byKey.has(key)) byKey.set(key, { text, tokens });
  }
  return [...byKey.values()];
}

/** What a query was widened to: its terms with their equivalents, and the forms added, by language. */
export interface WidenedQuery {
  parsed: ParsedQuery;
  also: { language: ReportLanguage; terms: string[] }[];
}

/**
 * A query widened through the glossary: each run of typed terms that is a concept's form (the
 * longest run first, so `interest rate swap` is one concept, not three words) also matches the
 * concept's other forms, in Chinese and English. `also` lists the forms added, for the results
 * page to say what else was searched.
 */
export function widenQuery(q: ParsedQuery, glossary: GlossaryIndex): WidenedQuery {
  const terms: QueryTerm[] = [];
  const added = new Map<ReportLanguage, Set<string>>();
  for (let i = 0; i < q.terms.length;) {
    const ticker = tickerRunAt(q.terms, i);
    if (ticker) {
      terms.push(...q.terms.slice(i, i + ticker));
      i += ticker;
      continue;
    }
    const found = conceptAt(q.terms, i, glossary);
    if (!found) {
      terms.push(q.terms[i]!);
      i++;
      continue;
    }
    if (found.forms.length === 0) {
      terms.push(...q.terms.slice(i, i + found.length));
      i += found.length;
      continue;
    }
    const run = q.terms.slice(i, i + found.length);
    const forms = found.forms.slice(0, MAX_EQUIVALENTS);
    for (const form of forms) {
      const language = languageOf(form.text);
      added.set(language, (added.get(language) ?? new Set()).add(form.text));
    }
    const equivalents = forms.map((f) => f.tokens);
    terms.push(
      run.length === 1
        ? { ...run[0]!, equivalents }
        : { tokens: run.flatMap((t) => t.tokens), prefix: false, words: run, equivalents },
    );
    i += run.length;
  }
  const also = [...added].map(([language, forms]) => ({ language, terms: [...forms] }));
  return { parsed: { terms }, also };
}

/** The longest run of terms from `start` that is a concept's form, and its other forms. */
function conceptAt(
  terms: QueryTerm[],
  start: number,
  glossary: GlossaryIndex,
): { length: number; forms: Form[] } | null {
  for (let length = Math.min(MAX_CONCEPT_TERMS, terms.length - start); length > 0; length--) {
    const tokens = terms.slice(start, start + length).flatMap((t) => t.tokens);
    const key = keyOf(tokens);
    const forms = glossary.alternatives(key);
    // A company's name with no other form: its words are not widened one by one either.
    if (forms?.length || (forms && glossary.isName?.(key))) return { length, forms };
  }
  return null;
}

/** The query as typed: widened terms back to the words they were typed as, without equivalents. */
export function typedQuery(q: ParsedQuery): ParsedQuery {
  return {
    terms: q.terms.flatMap((t) => t.words ?? [{ tokens: t.tokens, prefix: t.prefix }]),
  };
}

/** Whether any term of the query was widened. */
export const isWidened = (q: ParsedQuery): boolean => q.terms.some((t) => t.equivalents?.length);

/** Every form the query matches, one term each: what snippets and titles mark. */
export function markedTerms(q: ParsedQuery): ParsedQuery {
  return {
    terms: q.terms.flatMap((t) => [
      ...(t.words ?? [{ tokens: t.tokens, prefix: t.prefix }]),
      ...(t.equivalents ?? []).map((tokens) => ({ tokens, prefix: false })),
    ]),
  };
}
