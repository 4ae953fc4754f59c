import { shortenText, splitSentences } from '@rl/contract/sentences';
import { contentPages, isBoilerplateSentence } from '../../pdf/boilerplate.js';
import { contentTerms } from '../../text/content-terms.js';

/**
 * The built-in summary (no model provider): the report's most central sentences, in reading
 * order. Sentences come from Intl.Segmenter (English and Chinese), candidates skip disclaimers,
 * rows of numbers and headings, and each is scored by its TF-IDF cosine to the whole report's
 * centroid (a linear-time centrality, so a 250-page filing costs no more than its length), with a
 * small bonus for the first pages, where reports put their thesis, and for sentences about the
 * report's latest year (a filing compares it with years before; the earlier year is no news).
 * Disclosure pages, legal notices and running headers (pdf/boilerplate.ts) are never read.
 * Near-duplicates are dropped.
 */

export interface ExtractiveSummary {
  /** About STANDARD_SENTENCES sentences. */
  standard: string;
  /** The best COMPACT_SENTENCES of them. */
  compact: string;
}

export const STANDARD_SENTENCES = 5;
export const COMPACT_SENTENCES = 2;
/** The compact summary's length at most (characters; Chinese says as much in half as many). */
export const COMPACT_MAX_CHARS = { en: 320, zh: 160 } as const;
/** Pages read: long filings put their substance first, and the tail is exhibits and signatures. */
const MAX_PAGES = 60;
const MAX_CANDIDATES = 3000;
/** Two sentences this similar are one idea; the second is dropped. */
const DUPLICATE_COSINE = 0.55;

const CJK_CHAR = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_ALL = new RegExp(CJK_CHAR.source, 'g');

/** Short words a title leaves in lower case. */
const MINOR_WORDS = new Set('a an and as at by for from in of on or the to with'.split(' '));

/** A line that ends a sentence (a closing quote or bracket may follow the mark). */
const ENDS_SENTENCE = /[.!?。！？；;:：]["”’)）]*$/;
/** List bullets that open a line: each item is a sentence of its own. */
const BULLET = /^[•·▪●◦■□√\-–—*]\s*/;
/** The "applies / does not apply" check boxes of Chinese filings: no text, a break. */
const CHECKBOXES = /^(?:[□√☑■✓]\s*(?:适用|不适用)\s*)+$/;
/** Numbered headings: 一、 (二) （三） 2、 2.1 */
const NUMBERED =
  /^(?:[一二三四五六七八九十]+、|[(（][一二三四五六七八九十\d]{1,3}[)）]|\d{1,2}(?:\.\d{1,2})*、|\d{1,2}\.\d{1,2}\s)/;

/**
 * Words that go on from a sentence before them: a later item of an enumeration ("Third, …",
 * "Finally, …", "(2) …", "其次，…", "三是…"). Such a sentence is read only after the one before it.
 */
const ENUMERATOR =
  /^(?:(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)(?:ly)?\b|(?:finally|lastly|next|then)\s*,|[(（]?(?:[2-9]|ii|iii|iv|v|vi|[b-h])[)）]|[②-⑩]|第[二三四五六七八九十]|其[二三四五六七八九十次]|[二三四五六七八九十]是|再次|最后)/iu;

/** Does the sentence continue an enumeration begun before it? */
export const continuesEnumeration = (sentence: string): boolean => ENUMERATOR.test(sentence.trim());

/** Characters of a line, counting Han characters (which are wider) as two. */
const widthOf = (line: string) => line.length + cjkCount(line);

/** Lines of a heading at most: a longer run of short lines is a list or a table. */
const HEADING_LINES = 3;

/**
 * How many lines from `start` form a heading (0: none). A heading comes after a line that ended a
 * sentence, or another heading, or first in its block; it is up to HEADING_LINES lines without an
 * end mark, the next line starts afresh (not in lower case), and its last line is clearly shorter
 * than the block's lines of running text (or it is one numbered or Title Case line). A full line
 * before a capital is running text wrapped before a name ("the Federal / Reserve"). Such lines are
 * kept out of the sentence that follows them.
 */
function headingLength(lines: readonly string[], start: number, fullWidth: number): number {
  for (let n = 1; n <= HEADING_LINES && start + n <= lines.length; n++) {
    const line = lines[start + n - 1]!;
    if (ENDS_SENTENCE.test(line)) return 0;
    const next = lines[start + n];
    if (next !== undefined && /^\p{Ll}/u.test(next)) continue;
    const short = widthOf(line) < fullWidth * 0.75;
    return short || (n === 1 && (NUMBERED.test(line) || isTitleCase(line))) ? n : 0;
  }
  return 0;
}

/** A line in Title Case: most words capitalised ("Asset Prices Rebound amid Uncertainty"). */
function isTitleCase(line: string): boolean {
  const words = line.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  if (words.length < 2) return false;
  return words.filter((w) => /^\p{Lu}/u.test(w)).length > words.length * 0.6;
}

/** Chinese characters and Chinese punctuation (，。、“”（）): what joins without a space. */
const CJK_JOINS = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef“”‘’]/;

/** Joins wrapped lines: Chinese lines join without a space (after a comma too), others with one. */
function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const line of lines) {
    const before = out[out.length - 1] ?? '';
    const chinese =
      (CJK_CHAR.test(before) || CJK_CHAR.test(line[0] ?? '')) &&
      CJK_JOINS.test(before) &&
      CJK_JOINS.test(line[0] ?? '');
    out += out && !chinese ? ' ' : '';
    out += line;
  }
  return out;
}

/**
 * The sentences of a page, split as the web splits a summary into points (`splitSentences`).
 * Paragraph breaks end sentences too; within a block, a heading line or a bulleted item starts a
 * new run of text, so a heading never runs into the sentence after it.
 */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .flatMap(columnsOf)
    .flatMap(blockSentences);
}

/**
 * Between two Han characters, a space is a gap between columns: Chinese sets no space between
 * words, and the reading (pdf/page-text.ts) puts one only where the gap is wider than a character.
 */
const COLUMN_GAP = /(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])/;

/**
 * A block whose lines run across two columns side by side (a Chinese note's text beside its side
 * column of figures and analysts, drawn line by line at the same height) as one block per column:
 * the n-th piece of each line belongs to the n-th column. Other blocks stay as they are.
 */
function columnsOf(block: string): string[] {
  const lines = block.split('\n');
  if (!lines.some((line) => COLUMN_GAP.test(line.trim()))) return [block];
  const columns: string[][] = [];
  for (const line of lines)
    line
      .trim()
      .split(COLUMN_GAP)
      .forEach((piece, n) => (columns[n] ??= []).push(piece));
  return columns.map((column) => column.join('\n'));
}

/** The sentences of one block of text (see sentencesOf). */
function blockSentences(block: string): string[] {
  const out: string[] = [];
  if (!isProse(block)) return out;
  const lines = block
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const fullWidth = Math.max(...lines.map(widthOf));
  let run: string[] = [];
  const flush = () => {
    if (run.length) out.push(...splitSentences(joinLines(run)));
    run = [];
  };
  let afterBreak = true;
  for (let i = 0; i < lines.length; i++) {
    const heading = afterBreak ? headingLength(lines, i, fullWidth) : 0;
    if (heading > 0) {
      flush();
      out.push(joinLines(lines.slice(i, i + heading)));
      i += heading - 1;
      continue;
    }
    const line = lines[i]!;
    afterBreak = ENDS_SENTENCE.test(line) || CHECKBOXES.test(line);
    if (CHECKBOXES.test(line)) {
      flush();
    } else if (BULLET.test(line)) {
      flush();
      const item = line.replace(BULLET, '');
      if (item) run.push(item);
    } else run.push(line);
  }
  flush();
  return out;
}

/**
 * A block of running text rather than a table, a list of figures or a page furniture: lines of a
 * reasonable length, few digits.
 */
function isProse(block: string): boolean {
  const lines = block.split('\n').filter((l) => l.trim());
  if (lines.length === 0) return false;
  const chars = lines.reduce((n, l) => n + l.length, 0);
  const digits = block.match(/\d/g)?.length ?? 0;
  if (digits > chars * 0.12) return false;
  const han = cjkCount(block);
  const perLine = (han > chars * 0.3 ? han : chars) / lines.length;
  return han > chars * 0.3 ? perLine >= 8 : perLine >= 30;
}

function cjkCount(s: string): number {
  return s.match(CJK_ALL)?.length ?? 0;
}

/** Is this a sentence worth reading on its own: prose of a sensible length, not boilerplate? */
export function isCandidate(sentence: string): boolean {
  const han = cjkCount(sentence);
  const chinese = han > sentence.length * 0.3;
  const length = chinese ? han : sentence.length;
  if (chinese ? length < 15 || length > 220 : length < 50 || length > 450) return false;
  if (!/[.!?。！？;；]["”’)）]?$/.test(sentence)) return false;
  const digits = sentence.match(/\d/g)?.length ?? 0;
  if (digits > sentence.length * 0.2) return false;
  if (!chinese) {
    const words = sentence.split(/\s+/);
    if (words.length < 8) return false;
    // Headings and table rows: mostly capitalised words ("Submission of Matters to a Vote of
    // Security Holders.") or stray symbols.
    const content = words.filter((w) => !MINOR_WORDS.has(w.toLowerCase()));
    const capitalised = content.filter((w) => /^[A-Z]/.test(w)).length;
    if (capitalised > content.length * 0.6) return false;
    if ((sentence.match(/[|$%]/g)?.length ?? 0) > words.length * 0.3) return false;
  }
  return !isBoilerplateSentence(sentence);
}

/** A year as figures are dated: 2016, fiscal 2016; not an estimate (2026E) nor part of a number. */
const YEAR = /(?<![\d.,])(?:19|20)\d{2}(?![\d.,]?\d|[EeFf]\b)/g;

const yearsOf = (sentence: string) => new Set((sentence.match(YEAR) ?? []).map(Number));

/**
 * The report's latest year: the last of the years its sentences date things in about as often as
 * the most frequent one (a note's maturity, a plan's horizon or a citation is not the report's
 * period); null when no year is dated twice.
 */
function latestYear(sentences: readonly { years: ReadonlySet<number> }[]): number | null {
  const counts = new Map<number, number>();
  for (const s of sentences) for (const y of s.years) counts.set(y, (counts.get(y) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  const years = [...counts].filter(([, n]) => n >= 2 && n >= most * 0.25).map(([y]) => y);
  return years.length ? Math.max(...years) : null;
}

/** A sentence on the latest year weighs more; one whose years are all earlier, less. */
function periodWeight(years: ReadonlySet<number>, latest: number | null): number {
  if (latest === null || years.size === 0) return 1;
  if (years.has(latest)) return 1.15;
  return [...years].every((y) => y < latest) ? 0.75 : 1;
}

interface Candidate {
  text: string;
  order: number;
  page: number;
  vector: Map<string, number>;
  norm: number;
  years: ReadonlySet<number>;
}

function cosine(a: Map<string, number>, normA: number, b: Map<string, number>, normB: number): number {
  if (!normA || !normB) return 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, w] of small) dot += w * (large.get(term) ?? 0);
  return dot / (normA * normB);
}

const normOf = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((n, w) => n + w * w, 0));

/** The summary of a report from its pages' text; empty strings when nothing qualifies. */
export function extractiveSummary(pages: readonly string[], language: string): ExtractiveSummary {
  const raw: { text: string; page: number; terms: string[]; years: Set<number> }[] = [];
  const seen = new Set<string>();
  contentPages(pages.slice(0, MAX_PAGES)).forEach((pageText, page) => {
    for (const text of sentencesOf(pageText)) {
      if (raw.length >= MAX_CANDIDATES || !isCandidate(text) || seen.has(text)) continue;
      seen.add(text);
      const terms = contentTerms(text);
      if (terms.length >= 3) raw.push({ text, page, terms, years: yearsOf(text) });
    }
  });
  if (raw.length === 0) return { standard: '', compact: '' };

  const df = new Map<string, number>();
  for (const s of raw) for (const t of new Set(s.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + raw.length / (df.get(t) ?? 1));
  const centroid = new Map<string, number>();
  const candidates: Candidate[] = raw.map((s, order) => {
    const vector = new Map<string, number>();
    for (const t of s.terms) vector.set(t, (vector.get(t) ?? 0) + 1);
    for (const [t, tf] of vector) {
      const w = (1 + Math.log(tf)) * idf(t);
      vector.set(t, w);
      centroid.set(t, (centroid.get(t) ?? 0) + w);
    }
    return { text: s.text, order, page: s.page, vector, norm: normOf(vector), years: s.years };
  });
  const latest = latestYear(raw);
  const centroidNorm = normOf(centroid);
  const scored = candidates
    .map((c) => ({
      c,
      score:
        cosine(c.vector, c.norm, centroid, centroidNorm) *
        (1 + 0.3 / (1 + c.page)) *
        periodWeight(c.years, latest),
    }))
    .sort((x, y) => y.score - x.score || x.c.order - y.c.order);

  const ranked = scored.map(({ c }) => c);
  const join = (list: Candidate[]) =>
    [...list]
      .sort((a, b) => a.order - b.order)
      .map((c) => c.text)
      .join(language === 'zh' ? '' : ' ');
  const compact = join(choose(ranked, COMPACT_SENTENCES));
  return {
    standard: join(choose(ranked, STANDARD_SENTENCES)),
    compact: shortenText(compact, language === 'zh' ? COMPACT_MAX_CHARS.zh : COMPACT_MAX_CHARS.en),
  };
}

/**
 * The best `count` candidates that are not one idea twice. A sentence that goes on from the one
 * before it ("Third, …") is taken only with that one: without it, it starts on nothing.
 */
function choose(ranked: readonly Candidate[], count: number): Candidate[] {
  const chosen: Candidate[] = [];
  for (const c of ranked) {
    if (chosen.length >= count) break;
    if (chosen.some((k) => cosine(k.vector, k.norm, c.vector, c.norm) > DUPLICATE_COSINE)) continue;
    if (continuesEnumeration(c.text) && !chosen.some((k) => k.order === c.order - 1)) continue;
    chosen.push(c);
  }
  return chosen;
}
