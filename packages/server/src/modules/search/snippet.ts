import type { ParsedQuery } from './fts-query.js';
import { tokensSource } from './match-patterns.js';
import { unsegmentText } from './segment.js';

const MARK_OPEN = '\u0001';
const MARK_CLOSE = '\u0002';
const BEFORE = 80;
const AFTER = 220;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A regular expression matching any token of the query as a whole word (or word start for a prefix). */
function tokenPattern(q: ParsedQuery): RegExp | null {
  const alts = q.terms.flatMap((t) =>
    t.tokens.map((tok, i) => tokensSource([tok], t.prefix && i === t.tokens.length - 1)),
  );
  return alts.length ? new RegExp(alts.join('|'), 'giu') : null;
}

/**
 * A short excerpt of `text` around the first match, as safe HTML: text escaped, matches in <mark>.
 * Works on the indexed (segmented) text, so Chinese words match as whole words, then removes the
 * spaces segmentation added. Only scans up to the first match, so long reports cost little.
 */
export function snippetHtml(text: string, q: ParsedQuery): string {
  const pattern = tokenPattern(q);
  if (!pattern || !text) return '';
  const first = pattern.exec(text);
  pattern.lastIndex = 0;
  const at = first?.index ?? 0;
  let start = Math.max(0, at - BEFORE);
  let end = Math.min(text.length, at + AFTER);
  // Snap to spaces so no word is cut in half.
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  const window = text.slice(start, end).replace(pattern, (m) => `${MARK_OPEN}${m}${MARK_CLOSE}`);
  const html = unsegmentText(window)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
    .replaceAll(MARK_OPEN, '<mark>')
    .replaceAll(MARK_CLOSE, '</mark>');
  return `${start > 0 ? '…' : ''}${html}${end < text.length ? '…' : ''}`;
}
