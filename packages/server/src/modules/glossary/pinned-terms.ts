/**
 * The glossary terms a text uses, as `source form → preferred target form` pairs that translation
 * and summary prompts pin, so every batch of a report renders a concept the same way. Pure: the
 * caller reads the glossary (GlossarySource) and passes its entries.
 */
import { foldHan } from '@rl/contract/han-fold';
import { singularOf } from '../../text/english-inflection.js';
import type { GlossaryEntry } from './builtin-glossary.js';

export type TermLanguage = 'zh' | 'en';

export interface PinnedTerm {
  /** The form as the text writes it (traditional script included). */
  source: string;
  /** The concept's preferred form in the other language. */
  target: string;
}

/** Enough for a translation batch of a few thousand characters; more would drown the prompt. */
export const PINNED_TERMS_LIMIT = 40;

/** Longest English form looked up, in words. */
const MAX_WORDS = 5;

/** Lookup keys of one language's forms. */
interface Dictionary {
  /** Key → concept; a form shared by two concepts keeps the first. */
  forms: Map<string, GlossaryEntry>;
  /** English: the key with each word singular (english-inflection.ts) → concept, after `forms`. */
  inflected: Map<string, GlossaryEntry>;
  /** First word (English, lower-cased) or first UTF-16 unit (Chinese) → key lengths, longest first. */
  starts: Map<string, number[]>;
}

export interface TermMatcher {
  zh: Dictionary;
  en: Dictionary;
}

/** A word of English text; `.`, `&`, `/` and apostrophes join (U.S., S&P, P/E, Moody's). */
const WORD = /[A-Za-z0-9]+(?:['’.&/][A-Za-z0-9]+)*/g;

/** Acronyms (US, IT, PE) are matched in capitals only, or they would pin the words "us" and "it". */
const isAcronym = (form: string) => !/[a-z]/.test(form) && /[A-Z].*[A-Z]/.test(form);

const normalWord = (word: string) => word.replace(/’/g, "'");

const singulars = new Map<string, string>();
const LETTERS = /^[a-z]+(?:'s?)?$/;

/**
 * A lower-case word in its singular form; words with digits or other signs (P/E, U.S) as they are.
 * Called for every word of a text: words that end in neither s nor an apostrophe are no plurals, and
 * the others are remembered (a report repeats its words).
 */
function singularWord(lower: string): string {
  const last = lower.charCodeAt(lower.length - 1);
  if (last !== 0x73 && last !== 0x27) return lower;
  let singular = singulars.get(lower);
  if (singular === undefined) {
    singular = LETTERS.test(lower) ? singularOf(lower) : lower;
    if (singulars.size < 50_000) singulars.set(lower, singular);
  }
  return singular;
}

/** Whether the characters between two words only join them (spaces, hyphens), not punctuation. */
function joins(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!(c === 0x20 || c === 0x2d || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || (c >= 0x2010 && c <= 0x2013)))
      return false;
  }
  return true;
}

function addForm(
  dict: Dictionary,
  key: string,
  start: string,
  length: number,
  entry: GlossaryEntry,
  inflected?: string,
) {
  if (inflected !== undefined && !dict.inflected.has(inflected)) dict.inflected.set(inflected, entry);
  if (dict.forms.has(key)) return;
  dict.forms.set(key, entry);
  const lengths = dict.starts.get(start);
  if (!lengths) dict.starts.set(start, [length]);
  else if (!lengths.includes(length)) lengths.push(length);
}

function buildMatcher(entries: readonly GlossaryEntry[]): TermMatcher {
  const zh: Dictionary = { forms: new Map(), inflected: new Map(), starts: new Map() };
  const en: Dictionary = { forms: new Map(), inflected: new Map(), starts: new Map() };
  for (const entry of entries) {
    for (const form of entry.zh) {
      const key = foldHan(form.trim());
      if (key) addForm(zh, key, key[0]!, key.length, entry);
    }
    for (const form of entry.en) {
      const words = form.match(WORD)?.map(normalWord) ?? [];
      if (words.length === 0 || words.length > MAX_WORDS) continue;
      const lower = words.map((w) => w.toLowerCase());
      const acronym = isAcronym(form);
      const key = (acronym ? words : lower).join(' ');
      // Words are looked up by their singular, so that `rates` starts `exchange rate` too.
      const singular = lower.map(singularWord);
      addForm(en, key, singular[0]!, words.length, entry, acronym ? undefined : singular.join(' '));
    }
  }
  for (const lengths of [...zh.starts.values(), ...en.starts.values()]) lengths.sort((x, y) => y - x);
  return { zh, en };
}

const matchers = new WeakMap<readonly GlossaryEntry[], TermMatcher>();

/**
 * The lookup structures of a glossary, built once per entries array: a GlossarySource answers the
 * same array until the glossary changes, so a changed glossary gets a new matcher.
 */
export function createTermMatcher(entries: readonly GlossaryEntry[]): TermMatcher {
  let matcher = matchers.get(entries);
  if (!matcher) {
    matcher = buildMatcher(entries);
    matchers.set(entries, matcher);
  }
  return matcher;
}

/** Called for each match: the concept, the text as written, and how specific the form is. */
type Found = (entry: GlossaryEntry, source: string, weight: number) => void;

/**
 * English: the longest form starting at each word, case-insensitive, whole words only, in either
 * number (`exchange rate` finds the form `exchange rates`); a form as written wins over another
 * number's.
 */
function findEnglish(text: string, dict: Dictionary, found: Found): void {
  // Lower-cased once for the whole text, unless a non-ASCII character changed length doing so.
  const words = normalWord(text);
  const lowered = words.toLowerCase();
  const lower = lowered.length === words.length ? lowered : null;
  const start: number[] = [];
  const end: number[] = [];
  const key: string[] = [];
  const singular: string[] = [];
  for (const m of words.matchAll(WORD)) {
    start.push(m.index);
    end.push(m.index + m[0].length);
    const k = lower ? lower.slice(m.index, m.index + m[0].length) : m[0].toLowerCase();
    key.push(k);
    singular.push(singularWord(k));
  }
  /** Words i..i+n-1, joined by spaces or hyphens only, as a lower-case or as-written key. */
  const span = (i: number, n: number, source: string[]) => {
    let joined = source[i]!;
    for (let k = i + 1; k < i + n; k++) {
      if (!joins(words, end[k - 1]!, start[k]!)) return null;
      joined += ' ' + source[k]!;
    }
    return joined;
  };
  let asWritten: string[] | undefined;
  for (let i = 0; i < key.length;) {
    let step = 1;
    for (const n of dict.starts.get(singular[i]!) ?? []) {
      if (i + n > key.length) continue;
      const lowerKey = span(i, n, key);
      if (lowerKey === null) continue;
      asWritten ??= start.map((s, k) => words.slice(s, end[k]));
      const entry =
        dict.forms.get(lowerKey) ??
        dict.forms.get(span(i, n, asWritten)!) ??
        dict.inflected.get(span(i, n, singular)!);
      if (!entry) continue;
      const source = text.slice(start[i], end[i + n - 1]);
      found(entry, source, source.length);
      step = n;
      break;
    }
    i += step;
  }
}

const isAsciiAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** A form that begins or ends in Latin or digits (A股, 沪深300) must not cut a word or number. */
const cutsWord = (text: string, from: number, to: number) =>
  (isAsciiAlnum(text.charCodeAt(from)) && isAsciiAlnum(text.charCodeAt(from - 1))) ||
  (isAsciiAlnum(text.charCodeAt(to - 1)) && isAsciiAlnum(text.charCodeAt(to)));

/** Chinese: the longest form starting at each character, on the text folded to simplified script. */
function findChinese(text: string, dict: Dictionary, found: Found): void {
  const folded = foldHan(text);
  for (let i = 0; i < folded.length;) {
    let step = 1;
    for (const n of dict.starts.get(folded[i]!) ?? []) {
      if (i + n > folded.length) continue;
      const entry = dict.forms.get(folded.slice(i, i + n));
      if (!entry || cutsWord(folded, i, i + n)) continue;
      // foldHan keeps offsets: the source is the text as written, traditional script included.
      found(entry, text.slice(i, i + n), n);
      step = n;
      break;
    }
    i += step;
  }
}

/**
 * The glossary concepts whose `from`-language forms occur in the text(s), as the text writes them
 * with the concept's preferred form in the other language: the longest form wins where forms
 * overlap (interest rate swap, not interest rate), one pair per concept, the most specific (longest)
 * first, at most `limit`.
 */
export function pinnedTerms(
  text: string | readonly string[],
  from: TermLanguage,
  entries: readonly GlossaryEntry[],
  limit = PINNED_TERMS_LIMIT,
): PinnedTerm[] {
  const matcher = createTermMatcher(entries);
  const best = new Map<GlossaryEntry, { source: string; weight: number; order: number }>();
  const found: Found = (entry, source, weight) => {
    const seen = best.get(entry);
    if (!seen || seen.weight < weight) best.set(entry, { source, weight, order: seen?.order ?? best.size });
  };
  for (const t of typeof text === 'string' ? [text] : text) {
    if (from === 'en') findEnglish(t, matcher.en, found);
    else findChinese(t, matcher.zh, found);
  }
  const pins: (PinnedTerm & { weight: number; order: number })[] = [];
  for (const [entry, match] of best) {
    const target = (from === 'en' ? entry.zh : entry.en)[0];
    if (target) pins.push({ ...match, target });
  }
  return pins
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .slice(0, limit)
    .map(({ source, target }) => ({ source, target }));
}

const LANGUAGE_NAMES: Record<TermLanguage, string> = { zh: 'Simplified Chinese', en: 'English' };

/** The prompt's instruction pinning the terms, one `source → target` a line; '' when there are none. */
export function pinnedTermsInstruction(terms: readonly PinnedTerm[], targetLanguage: TermLanguage): string {
  if (terms.length === 0) return '';
  return (
    `Use exactly these ${LANGUAGE_NAMES[targetLanguage]} renderings of the glossary terms in the text ` +
    `(source → translation):\n${terms.map((t) => `${t.source} → ${t.target}`).join('\n')}`
  );
}
