/*
 * Ligatures that pdf.js cannot turn into letters by itself. Two kinds are common in real reports:
 * - a ligature glyph without a Unicode mapping (its ToUnicode entry is empty or U+0000): pdf.js
 *   gives U+0000 where the reader sees "fi" ("\0rst 36 weeks of \0scal 2023");
 * - a ligature glyph followed by a space glyph drawn back over it (the producer pads the ligature
 *   to its letters' width): the letters come out, with a space that takes no room ("fi rms").
 * Which letters a glyph stands for, and whether a space is real, are decided from the words of the
 * whole document: the same word is almost always written out elsewhere in it (in another font, at
 * a line end, in a heading). Compatibility ligatures (U+FB00-FB06) are already spelt out by pdf.js.
 */

/** The f-ligatures, most frequent in English first ("fi" is the choice when nothing else tells). */
const F_LIGATURES = ['fi', 'fl', 'ff', 'ffi', 'ffl'] as const;
/** Every ligature a document's own words may show: office producers' fonts also join ft, tt and ti. */
const LIGATURES = [...F_LIGATURES, 'ft', 'tt', 'ti'] as const;

/** A run of letters with unmapped glyphs in it (tried at word starts only). */
// eslint-disable-next-line no-control-regex -- U+0000 is what pdf.js gives for an unmapped glyph
const WITH_UNMAPPED = /(?<![\p{L}\p{M}])[\p{L}\p{M}]*\u0000[\p{L}\p{M}\u0000]*/gu;
/** A ligature's letters, a space, then a lower-case letter: maybe a space drawn over a ligature. */
const SPACE_AFTER_LIGATURE = /(?:ffi|ffl|fi|fl|ff) (?=\p{Ll})/gu;
const LETTER = /[\p{L}\p{M}]/u;

/** The pages with unmapped ligatures spelt out and the spaces drawn over ligatures removed. */
export function repairLigatures(pages: readonly string[]): string[] {
  if (!pages.some((p) => p.includes('\u0000'))) return joinSplitLigatures(pages);
  const words = vocabulary(pages);
  // A document repeats its words: each is spelt out once. First the words the document writes out
  // elsewhere; they tell which ligatures its fonts leave unmapped, and the rest is chosen among those.
  const unmapped = new Set(
    pages.flatMap((page) => (page.includes('\u0000') && page.match(WITH_UNMAPPED)) || []),
  );
  const spellings = new Map<string, string>();
  const used = new Map<string, number>();
  for (const word of unmapped) {
    const known = spellAsWritten(word, words);
    if (known === null) continue;
    spellings.set(word, known.spelt);
    if (known.ligature) used.set(known.ligature, (used.get(known.ligature) ?? 0) + 1);
  }
  // The ligatures seen first, then the other f-ligatures (every ligature fits some context of "ti").
  const seen = [...used].sort((x, y) => y[1] - x[1]).map(([l]) => l);
  const likely = [...seen, ...F_LIGATURES.filter((l) => !used.has(l))];
  const allWords = `|${[...words].join('|')}|`;
  for (const word of unmapped) {
    if (!spellings.has(word)) spellings.set(word, spellByContext(word, likely, allWords));
  }
  const spelt = pages.map((page) =>
    page.includes('\u0000')
      ? page.replace(WITH_UNMAPPED, (word) => spellings.get(word) ?? word).replaceAll('\u0000', '')
      : page,
  );
  return joinSplitLigatures(spelt);
}

/** Every word of the document, lower-cased (pieces around unmapped glyphs count as words too). */
function vocabulary(pages: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const page of pages)
    for (const word of page.toLowerCase().match(/[\p{L}\p{M}]+/gu) ?? []) words.add(word);
  return words;
}

interface Split {
  page: number;
  /** Index of the space, and the word the two sides make. */
  space: number;
  word: string;
}

/** "fi rms" becomes "firms" where the document writes "firms" elsewhere; "staff members" stays. */
function joinSplitLigatures(pages: readonly string[]): string[] {
  const splits: Split[] = [];
  pages.forEach((page, n) => {
    for (const match of page.matchAll(SPACE_AFTER_LIGATURE)) {
      const space = match.index + match[0].length - 1;
      let start = match.index;
      while (start > 0 && LETTER.test(page.charAt(start - 1))) start--;
      let end = space + 1;
      while (end < page.length && LETTER.test(page.charAt(end))) end++;
      splits.push({
        page: n,
        space,
        word: (page.slice(start, space) + page.slice(space + 1, end)).toLowerCase(),
      });
    }
  });
  if (splits.length === 0) return [...pages];
  const written = writtenWords(pages, new Set(splits.map((s) => s.word)));
  const out = [...pages];
  // Last space first, so earlier indexes stay right.
  for (const split of splits.reverse()) {
    if (!written.has(split.word)) continue;
    const page = out[split.page] ?? '';
    out[split.page] = page.slice(0, split.space) + page.slice(split.space + 1);
  }
  return out;
}

/** Which of `candidates` (lower-case) the pages write as whole words. */
function writtenWords(pages: readonly string[], candidates: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const page of pages) {
    const lower = page.toLowerCase();
    for (const word of candidates) {
      if (found.has(word)) continue;
      for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
        const before = lower.charAt(at - 1);
        const after = lower.charAt(at + word.length);
        if (!LETTER.test(before) && !LETTER.test(after)) {
          found.add(word);
          break;
        }
      }
    }
  }
  return found;
}

/** Letters on each side of an unmapped glyph that are compared with the document's words. */
const CONTEXT = 3;

/**
 * A word with unmapped glyphs spelt with the ligature that makes a word the document writes out
 * elsewhere; '' for a lone unmapped glyph (a symbol, not a ligature); null when no ligature does.
 */
function spellAsWritten(
  word: string,
  words: ReadonlySet<string>,
): { spelt: string; ligature?: string } | null {
  const gaps = word.split('\u0000');
  if (gaps.every((part) => part === '')) return { spelt: '' };
  for (const ligature of LIGATURES) {
    const candidate = gaps.join(ligature);
    if (words.has(candidate.toLowerCase())) return { spelt: candidate, ligature };
  }
  return null;
}

/**
 * A word no ligature makes a known word of: the ligature (of `likely`, most likely first) whose
 * letters, with the most of their neighbours on either side, occur in the document's words
 * ("de?ation" is "deflation" in a document that writes "inflation"). `allWords` holds the words
 * between bars, so a context can hold a word's edge.
 */
function spellByContext(word: string, likely: readonly string[], allWords: string): string {
  const gaps = word.split('\u0000');
  const before = `|${(gaps[0] ?? '').toLowerCase()}`;
  const after = `${(gaps[1] ?? '').toLowerCase()}|`;
  let best = likely[0] ?? F_LIGATURES[0];
  let bestScore = 0;
  for (const ligature of likely) {
    let score = 0;
    for (let n = Math.min(CONTEXT, before.length); n > 0; n--) {
      if (allWords.includes(before.slice(-n) + ligature)) {
        score += n;
        break;
      }
    }
    for (let n = Math.min(CONTEXT, after.length); n > 0; n--) {
      if (allWords.includes(ligature + after.slice(0, n))) {
        score += n;
        break;
      }
    }
    if (score > bestScore) [best, bestScore] = [ligature, score];
  }
  return gaps.join(best);
}
