export interface SnippetPart {
  text: string;
  marked: boolean;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const value =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : entity;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/**
 * Splits a search snippet (escaped text with matches in `<mark>`) into plain and marked parts.
 * Any other tag is dropped, so the snippet is rendered as text and never as HTML. Parts that touch
 * and are alike become one, so a match marked in pieces (新|能源) shows as one run, without a gap.
 */
export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const token of html.split(/(<\/?mark>)/i)) {
    const lower = token.toLowerCase();
    if (lower === '<mark>') marked = true;
    else if (lower === '</mark>') marked = false;
    else if (token) {
      const text = decodeEntities(token.replace(/<[^>]*>/g, ''));
      const last = parts[parts.length - 1];
      if (!text) continue;
      if (last?.marked === marked) last.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
}
