import { isBoilerplateBlock } from '../../pdf/boilerplate.js';
import type { ParsedQuery } from './fts-query.js';
import { foldHan } from '@rl/contract/han-fold';
import { escapeHtml } from '../../text/escape-html.js';
import { tokensSource } from '../../text/match-patterns.js';
import { segmentText, unsegmentText } from '../../text/segment.js';

const MARK_OPEN = '\u0001';
const MARK_CLOSE = '\u0002';
/** Separates Chinese words of a title while it is matched; removed afterwards (not a letter). */
const WORD_BREAK = '\u0003';
const BEFORE = 80;
const AFTER = 220;

/** A lone Latin letter or digit ("a", "s" of "it's"): found by search, but marking it everywhere is noise. */
const isMarkable = (t: ParsedQuery['terms'][number]) =>
  t.tokens.length > 1 || !/^[\p{Script=Latin}\p{N}]$/u.test(t.tokens[0] ?? '');

/**
 * A regular expression matching any term of the query: a phrase (quoted words, Chinese words) as
 * one match, a prefix to the end of the word it starts. Longer terms first, so a phrase wins over
 * one of its own words at the same place.
 */
function termPattern(q: ParsedQuery): RegExp | null {
  const alts = q.terms
    .filter(isMarkable)
    .sort((a, b) => b.tokens.join(' ').length - a.tokens.join(' ').length)
    .map((t) => tokensSource(t.tokens, t.prefix));
  return alts.length ? new RegExp(alts.join('|'), 'giu') : null;
}

/** Escapes marked text as HTML with the marks as <mark>; marks that touch become one. */
function markedHtml(marked: string): string {
  return escapeHtml(marked.replaceAll(`${MARK_CLOSE}${MARK_OPEN}`, ''))
    .replaceAll(MARK_OPEN, '<mark>')
    .replaceAll(MARK_CLOSE, '</mark>');
}

/**
 * The text with the pattern's matches marked. The query's tokens are folded to simplified Chinese
 * (han-fold.ts): they are looked for in the text folded alike, and since folding keeps offsets,
 * the marks go around the characters as written (證券 marked for 证券, and the other way round).
 */
function mark(text: string, pattern: RegExp): string {
  let marked = '';
  let from = 0;
  for (const m of foldHan(text).matchAll(pattern)) {
    const end = m.index + m[0].length;
    marked += `${text.slice(from, m.index)}${MARK_OPEN}${text.slice(m.index, end)}${MARK_CLOSE}`;
    from = end;
  }
  return marked + text.slice(from);
}

/** Matches looked at for one outside boilerplate before the first match is taken anyway. */
const MAX_MATCHES = 20;
/** A paragraph is read this far either side of a match, at most. */
const PARAGRAPH_REACH = 1500;

/** The paragraph (between blank lines) around `at`, within PARAGRAPH_REACH. */
function paragraphAt(text: string, at: number): string {
  const from = Math.max(0, at - PARAGRAPH_REACH);
  const start = text.lastIndexOf('\n\n', at);
  const end = text.indexOf('\n\n', at);
  return text.slice(
    Math.max(start, from),
    end < 0 ? Math.min(text.length, at + PARAGRAPH_REACH) : Math.min(end, at + PARAGRAPH_REACH),
  );
}

/**
 * Where the excerpt is taken: the first match in the report's own text, passing over matches in
 * legal notices and disclosures (pdf/boilerplate.ts), which a report prints on every page; the
 * first match when all the early ones are boilerplate, the start when nothing matches.
 */
function excerptAt(text: string, pattern: RegExp): number {
  let first: number | null = null;
  let seen = 0;
  for (let m = pattern.exec(text); m && seen < MAX_MATCHES; m = pattern.exec(text), seen++) {
    first ??= m.index;
    if (!isBoilerplateBlock(unsegmentText(paragraphAt(text, m.index)))) {
      pattern.lastIndex = 0;
      return m.index;
    }
    if (m[0].length === 0) pattern.lastIndex++;
  }
  pattern.lastIndex = 0;
  return first ?? 0;
}

/**
 * A short excerpt of `text` around its first match in the report's own text (not in a
 * disclaimer), as safe HTML: text escaped, matches in <mark>. Works on the indexed (segmented)
 * text, so Chinese words match as whole words, then removes the spaces segmentation added. Only
 * scans up to the first such match (and a few matches at most), so long reports cost little.
 */
export function snippetHtml(text: string, q: ParsedQuery): string {
  const pattern = termPattern(q);
  if (!pattern || !text) return '';
  const at = excerptAt(foldHan(text), pattern);
  let start = Math.max(0, at - BEFORE);
  let end = Math.min(text.length, at + AFTER);
  // Snap to spaces so no word is cut in half.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  const window = unsegmentText(mark(text.slice(start, end), pattern))
    .replace(/\s+/g, ' ')
    .trim();
  return `${start > 0 ? '…' : ''}${markedHtml(window)}${end < text.length ? '…' : ''}`;
}

/**
 * A title as safe HTML with the query's matches in <mark>, or '' when nothing in it matches. The
 * title is matched word by word like the index (Chinese segmented) and comes back exactly as stored.
 */
export function titleHtml(title: string, q: ParsedQuery): string {
  const pattern = termPattern(q);
  if (!pattern || !title) return '';
  const marked = mark(segmentText(title, WORD_BREAK), pattern).replaceAll(WORD_BREAK, '');
  return marked.includes(MARK_OPEN) ? markedHtml(marked) : '';
}
