import type { ParsedQuery } from './fts-query.js';
import { tokensSource } from './match-patterns.js';
import { segmentText, unsegmentText } from './segment.js';

const MARK_OPEN = '\u0001';
const MARK_CLOSE = '\u0002';
/** Separates Chinese words of a title while it is matched; removed afterwards (not a letter). */
const WORD_BREAK = '\u0003';
const BEFORE = 80;
const AFTER = 220;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

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
  return marked
    .replaceAll(`${MARK_CLOSE}${MARK_OPEN}`, '')
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
    .replaceAll(MARK_OPEN, '<mark>')
    .replaceAll(MARK_CLOSE, '</mark>');
}

const mark = (text: string, pattern: RegExp) => text.replace(pattern, (m) => `${MARK_OPEN}${m}${MARK_CLOSE}`);

/**
 * A short excerpt of `text` around the first match, as safe HTML: text escaped, matches in <mark>.
 * Works on the indexed (segmented) text, so Chinese words match as whole words, then removes the
 * spaces segmentation added. Only scans up to the first match, so long reports cost little.
 */
export function snippetHtml(text: string, q: ParsedQuery): string {
  const pattern = termPattern(q);
  if (!pattern || !text) return '';
  const first = pattern.exec(text);
  pattern.lastIndex = 0;
  const at = first?.index ?? 0;
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
