import { foldText } from '@rl/contract/text-fold';

/**
 * PostgreSQL text search built from the application's own tokens, so that both databases see the
 * same words: runs of letters and digits of the stored (already segmented) text, folded the way
 * FTS5's unicode61 tokenizer folds them. PostgreSQL's parser and dictionaries never run: the
 * tsvector and the tsquery are written as literals of quoted lexemes.
 */

/** Weights of the three fields: title A, metadata B, body C (ranked 10 : 4 : 1 like bm25()). */
const FIELD_WEIGHTS = [
  ['title', 'A'],
  ['meta', 'B'],
  ['body', 'C'],
] as const;
/** PostgreSQL keeps positions 1..16383 and at most 256 positions of a lexeme. */
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 256;
/** Lexemes are limited to 2 KB; no real word comes near. */
const MAX_LEXEME_BYTES = 2046;
/** Positions left empty between fields, so that a phrase never spans two of them (as in FTS5). */
const FIELD_GAP = 2;

/** The tokens FTS5 would index for a stored text. */
export const indexTokens = (text: string): string[] => foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A token as a quoted lexeme for tsvector and tsquery input. A token past PostgreSQL's length
 * limit is cut, the same way when indexed and when searched, so it still finds itself.
 */
export function quoteLexeme(token: string): string {
  let lexeme = token;
  if (Buffer.byteLength(token) > MAX_LEXEME_BYTES) {
    let bytes = 0;
    lexeme = '';
    for (const ch of token) {
      bytes += Buffer.byteLength(ch);
      if (bytes > MAX_LEXEME_BYTES) break;
      lexeme += ch;
    }
  }
  return `'${lexeme.replace(/['\\]/g, (c) => `\\${c}`)}'`;
}

/** The weighted tsvector of a document, as tsvector input text. */
export function tsvectorLiteral(doc: { title: string; meta: string; body: string }): string {
  const positions = new Map<string, string[]>();
  let at = 0;
  for (const [field, weight] of FIELD_WEIGHTS) {
    for (const token of indexTokens(doc[field])) {
      at = Math.min(at + 1, MAX_POSITION);
      const list = positions.get(token) ?? [];
      if (list.length === 0) positions.set(token, list);
      const entry = `${at}${weight}`;
      // Positions past the limit collapse into the last one; PostgreSQL would keep one of them.
      if (list.length < MAX_POSITIONS_PER_LEXEME && list[list.length - 1] !== entry) list.push(entry);
    }
    at = Math.min(at + FIELD_GAP, MAX_POSITION);
  }
  return [...positions].map(([token, list]) => `${quoteLexeme(token)}:${list.join(',')}`).join(' ');
}
