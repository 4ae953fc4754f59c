import HKVariantsRev from 'opencc-js/dict/HKVariantsRev';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import TWVariantsRev from 'opencc-js/dict/TWVariantsRev';

/**
 * Traditional Chinese folded to simplified, one character for one, so that 證券 and 证券 are the
 * same word to search. OpenCC's character tables (opencc-js, bundled data, nothing fetched): the
 * Hong Kong and Taiwan variants to OpenCC's traditional form, then traditional to simplified. Its
 * phrase tables are left out: they choose between simplified readings (乾隆 vs 干燥), which matters
 * for printing, not for finding, as long as index and query fold alike.
 *
 * A character only maps to one of the same UTF-16 length, so a folded text has the offsets of the
 * original: segmentation and highlights work on the folded text and apply to the printed one.
 */

/** OpenCC dictionary text: `from to[ to…]` entries separated by `|`; the first target is the usual one. */
const entries = (dict: string): [string, string][] =>
  dict.split('|').flatMap((entry) => {
    const [from, to] = entry.split(' ');
    return from && to ? [[from, to] as [string, string]] : [];
  });

function buildMap(): Map<string, string> {
  const toSimplified = new Map(entries(TSCharacters));
  const variants = new Map([...entries(HKVariantsRev), ...entries(TWVariantsRev)]);
  const map = new Map<string, string>();
  const add = (from: string, to: string) => {
    if (from !== to && from.length === to.length) map.set(from, to);
  };
  for (const [from, to] of toSimplified) add(from, to);
  // A regional variant folds only when its standard form has a simplified one (為 → 爲 → 为):
  // variants that are themselves simplified (么 → 幺, 才 → 纔) stay as written.
  for (const [from, standard] of variants) {
    const simplified = toSimplified.get(standard);
    if (simplified !== undefined && !toSimplified.has(from)) add(from, simplified);
  }
  // Targets that are themselves folded (薴 → 苧 → 苎) go to the end of the chain: folding twice
  // changes nothing.
  for (const [from, to] of map) {
    let end = to;
    for (let i = 0; i < 4 && map.has(end); i++) end = map.get(end) ?? end;
    if (end === from) map.delete(from);
    else if (end.length === from.length) map.set(from, end);
  }
  return map;
}

/**
 * The folds as a table by UTF-16 code unit (0: unchanged), read in one pass over the text: folding
 * is paid by every indexed report and every re-segmented word, and a lookup per character costs
 * far less than a regular expression over thousands of characters. The few characters outside the
 * Basic Multilingual Plane fold through a map of surrogate pairs.
 */
const BMP = new Uint16Array(0x10000);
const ASTRAL = new Map<string, string>();
for (const [from, to] of buildMap()) {
  if (from.length === 1) BMP[from.charCodeAt(0)] = to.charCodeAt(0);
  else ASTRAL.set(from, to);
}
/** Below this code unit nothing folds: Latin text is passed over at the cost of one comparison. */
const FIRST = 0x3400;

/** The text with traditional characters replaced by their simplified forms, offsets unchanged. */
export function foldHan(text: string): string {
  let folded = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < FIRST) continue;
    const to = BMP[c] ?? 0;
    if (to !== 0) {
      folded += text.slice(from, i) + String.fromCharCode(to);
      from = i + 1;
    } else if (c >= 0xd800 && c <= 0xdbff && ASTRAL.size > 0) {
      const pair = ASTRAL.get(text.slice(i, i + 2));
      if (pair !== undefined) {
        folded += text.slice(from, i) + pair;
        from = i + 2;
      }
      i++;
    }
  }
  return from === 0 ? text : folded + text.slice(from);
}
