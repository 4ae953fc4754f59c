/**
 * Sentences of running text, English or Chinese, split the same way where a summary is written
 * (the server picks whole sentences) and where it is shown (the web lists them as points), so a
 * point is always one sentence the server chose.
 *
 * Chinese ends a sentence at 。！？； (and a closing quote or bracket after it), with or without a
 * space. English ends one at . ! ? followed by a space, never inside a number ("10.1%", "$0.29"),
 * after an abbreviation that introduces what follows ("U.S. GAAP", "Mr. Li", "No. 3", "e.g. the")
 * or an initial ("J. Smith"), nor before a lower-case word; a company suffix ("PepsiCo, Inc.") ends
 * a sentence only when a capitalised word follows.
 */

/** Abbreviations always followed by the word they qualify: never the end of a sentence. */
const LEADING = new Set(
  (
    'mr mrs ms dr prof sr jr st mt no nos vs e.g i.e cf approx fig figs vol pp p ph.d u.s u.k u.n e.u ' +
    'jan feb mar apr jun jul aug sep sept oct nov dec dept est gov govt ref refs art sec al'
  ).split(' '),
);
/** Company suffixes: "Apple Inc. (Apple) said" goes on, "made by Apple Inc. The deal" ends. */
const SUFFIX = new Set('inc corp co ltd plc llc lp l.p n.v s.a bros'.split(' '));

const NUMBERED_LABEL =
  /\b(?:item|note|notes|section|part|chapter|figure|fig|table|exhibit|rule|step|phase|article|schedule)\s+[\dIVX]+[A-Z]?(?:\.\d+)*$/i;
const CHINESE_END = /[。！？；]/;
const BREAK = /[。！？；]+["”’)）」』】]*|[.!?]+["”’)）]*(?=\s|$)/g;

/** The word (with inner dots) just before a full stop at `end`, lower case, without brackets. */
function wordBefore(text: string, end: number): string {
  const start = text.lastIndexOf(' ', end - 1) + 1;
  return text
    .slice(start, end)
    .replace(/^[("“‘[]+/, '')
    .toLowerCase();
}

function endsHere(text: string, mark: string, at: number, after: number): boolean {
  if (CHINESE_END.test(mark[0]!)) return true;
  if (mark[0] !== '.' || mark.length > 1) return true;
  const next = text.slice(after).trimStart()[0];
  if (next === undefined) return true;
  if (/\p{Ll}/u.test(next)) return false;
  // "Item 1. Business", "Note 5. Debt": a numbered label, not the end of a sentence.
  if (NUMBERED_LABEL.test(text.slice(Math.max(0, at - 24), at))) return false;
  const word = wordBefore(text, at);
  if (LEADING.has(word)) return false;
  // An initial ("J. Smith") or a dotted abbreviation ("a.m.", "N.A.").
  if (/^\p{L}$/u.test(word) || /^(?:\p{L}\.)+\p{L}$/u.test(word)) return false;
  if (SUFFIX.has(word)) return /\p{Lu}/u.test(next);
  return true;
}

/** The sentences of a text, trimmed, in order; text without an end mark is one sentence. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BREAK)) {
    const at = match.index;
    const after = at + match[0].length;
    if (!endsHere(text, match[0], at, after)) continue;
    const sentence = text.slice(start, after).trim();
    if (sentence) out.push(sentence);
    start = after;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * `text` in at most `max` characters: whole when it fits; else its first sentences that fit; else
 * cut after the last whole word that fits (Chinese, which has no spaces, after any character),
 * with an ellipsis. Never half a word, nor half of a surrogate pair.
 */
export function shortenText(text: string, max: number): string {
  const whole = text.trim();
  if (whole.length <= max) return whole;
  let kept = '';
  for (const sentence of splitSentences(whole)) {
    const next = kept ? `${kept}${HAN.test(sentence[0] ?? '') ? '' : ' '}${sentence}` : sentence;
    if (next.length > max) break;
    kept = next;
  }
  if (kept) return kept;
  const room = whole.slice(0, max - 1);
  // The character after the cut: a space (or the end) means the cut falls between words.
  const following = whole[max - 1] ?? ' ';
  let end = room.length;
  if (!HAN.test(room[end - 1] ?? '') && !/\s/.test(following)) {
    const space = room.search(/\s\S*$/);
    if (space > 0) end = space;
  }
  const code = room.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${room.slice(0, end).replace(/[\s,;:，、；：]+$/, '')}…`;
}
