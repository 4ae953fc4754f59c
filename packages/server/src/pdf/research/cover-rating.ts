import type { RatingAction, RatingStep } from '@rl/contract';
import { lineAround, sourceAt, type FactSource } from '../fact-source.js';
import { ACTION_WORDS, actionOf, compareSteps, normaliseRating, ratingPattern } from './rating-vocabulary.js';

export interface CoverRating {
  /** As printed: `Overweight`, `BUY`, `增持`. */
  rating: string | null;
  step: RatingStep | null;
  action: RatingAction | null;
  previousRating: string | null;
  /** The cover line each was read from (page 1); a rating read from prose is unsure. */
  sources: CoverRatingSources;
}

export interface CoverRatingSources {
  rating?: FactSource;
  action?: FactSource;
  previousRating?: FactSource;
}

const RATING = ratingPattern();
const RATING_OR_SHORT = ratingPattern({ abbreviations: true });
const ACTION_EN = ACTION_WORDS.map((a) => a.en).join('|');
const ACTION_ZH = ACTION_WORDS.map((a) => a.zh).join('|');
/** "Buy (1)": some brokers print their step number beside the word. */
const STEP_NUMBER = '(?:\\s*\\(\\d\\))?';

/**
 * The labels of a note's own rating. Other ratings share the word and are skipped: a sector's, an
 * ESG or credit rating, a star or uncertainty rating.
 */
const LABELLED = new RegExp(
  `(?:^|[^A-Za-z])((?:[A-Za-z.-]+\\s+){0,2})(?<!上次|前次|原|上次投资|前次投资|行业|行业投资)(?:rating|recommendation|investment\\s+(?:view|opinion)|投资评级|公司评级|评级)(?:\\s+change)?(?:\\s*[（(](${ACTION_ZH})[)）])?\\s*[:：]?\\s*(?:(${ACTION_EN}|${ACTION_ZH})\\s+)?["“]?(${RATING})${STEP_NUMBER}["”]?(?![A-Za-z])(?:\\s*[（(]\\s*(${ACTION_ZH})[^)）]{0,4}[)）])?(?:\\s+(${RATING})${STEP_NUMBER}(?![A-Za-z]))?`,
  'i',
);
const NOT_OURS =
  /\b(?:sector|industry|esg|credit|strength|uncertainty|risk|moat|star|morningstar|country|market|previous|prior|prev|old|last)\b|上次|前次|原/i;
const PREVIOUS_LABELLED = new RegExp(
  `(?:previous|prior|prev\\.?|old|last)(?:\\s+(?:rating|recommendation)\\s*[:：]?|\\s*[:：])\\s*(${RATING})|(?:上次|前次|原)(?:投资)?评级\\s*[:：]?\\s*(${RATING})`,
  'i',
);
/** `增持（维持）`, `买入-A（首次）`: the rating box of a Chinese note. */
const ZH_BOX = new RegExp(`(${RATING})(?:\\s*[-–]\\s*[A-E])?\\s*[（(]\\s*(${ACTION_ZH})[^)）]{0,4}[)）]`);
/** `维持“增持”评级`, `首次覆盖，给予“买入”评级`, `上调至买入评级`. */
const ZH_PHRASE = new RegExp(`(${ACTION_ZH})[^。；;\\n]{0,10}?[“"「]?(${RATING})[”"」]?\\s*(?:投资)?评级`);
/** `Maintain Buy`, `Upgrade to Buy from Neutral`, `Initiate at BUY`, `maintain our O-PF rating`. */
const EN_PHRASE = new RegExp(
  `\\b(${ACTION_EN})\\s+((?:[\\w&.'’-]+\\s+){0,4}?)(?:(?:to|at|with|as)\\s+(?:an?\\s+)?)?["“]?(${RATING_OR_SHORT})${STEP_NUMBER}["”]?(?![\\w-])(?:\\s+rating)?(?:,?\\s+from\\s+(?:an?\\s+)?["“]?(${RATING_OR_SHORT})["”]?(?![\\w-]))?`,
  'gi',
);
/** "… from Buy to Neutral", "从“买入”下调至“增持”": the previous rating, then today's. */
const FROM_TO = new RegExp(
  `(?:\\bfrom|从)\\s*["“]?(${RATING})["”]?\\s*(?:to|(?:${ACTION_ZH})至?|至)\\s*["“]?(${RATING})["”]?(?![A-Za-z])`,
  'gi',
);
/** \`推荐 维持评级\`, \`买入（首次）\` without brackets: the action printed beside the rating. */
const ZH_BESIDE = new RegExp(`(${RATING})\\s+(${ACTION_ZH})\\s*评级`);
const FILLER = /^(?:our|the|its|a|an|rating|coverage|of|on|[A-Z][\w&.'’-]*)$/;
const INITIATION = /\binitiat(?:ion of|ing|e|es|ed)\s+coverage\b|首次覆盖/i;

/** The rating, the action and the previous rating a note's first page prints for its company. */
export function findCoverRating(lines: readonly string[]): CoverRating {
  const boxes = labelled(lines);
  const found = boxes[0] ?? chineseBox(lines) ?? standalone(lines) ?? phrases(lines, null)[0] ?? null;
  if (!found) return { rating: null, step: null, action: null, previousRating: null, sources: {} };
  const step = normaliseRating(found.rating);
  const said = phrases(lines, step);
  const withPrevious = found.previous
    ? found
    : (boxes.find((b) => b.previous) ?? said.find((p) => p.previous) ?? previousLabelled(lines));
  const previousRating = withPrevious?.previous ?? null;
  const initiation = lines.find((l) => INITIATION.test(l));
  const withAction = found.action
    ? found
    : said[0]?.action
      ? said[0]
      : initiation
        ? { rating: '', action: 'initiate' as const, previous: null, line: initiation, unsure: true }
        : null;
  let action = withAction?.action ?? null;
  let actionSource = withAction && sourceOf(withAction);
  const before = previousRating ? normaliseRating(previousRating) : null;
  if (step && before && before !== step && (action === null || action === 'maintain')) {
    action = compareSteps(step, before) < 0 ? 'upgrade' : 'downgrade';
    // Told by the previous rating, not printed as an action.
    actionSource = withPrevious && { ...sourceOf(withPrevious), unsure: true };
  }
  const sources: CoverRatingSources = { rating: sourceOf(found) };
  if (action && actionSource) sources.action = actionSource;
  if (withPrevious) sources.previousRating = sourceOf(withPrevious);
  return { rating: found.rating, step, action, previousRating, sources };
}

interface Found {
  rating: string;
  action: RatingAction | null;
  previous: string | null;
  /** The line (or lines, for a label whose value is on the next) it was read from. */
  line: string;
  /** Read by a weaker rule: from prose rather than a box or a line of its own. */
  unsure: boolean;
}

const sourceOf = (f: Found): FactSource => sourceAt(1, f.line, f.unsure);

const ANY_RATING = new RegExp(`(?:^|[^A-Za-z])(?:${RATING})(?![A-Za-z])`, 'gi');

/** Every labelled rating of the page, in reading order. */
function labelled(lines: readonly string[]): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    // A label alone on its line, the rating on the next ("Rating" / "Remains Buy").
    const joined = /^(?:[\w.-]+\s+)?(?:rating|评级|投资评级)\s*[:：]?$/i.test(line)
      ? `${line} ${lines[i + 1] ?? ''}`
      : line;
    // A legend of the scale ("Twelve Month Rating SELL HOLD BUY") names several.
    if ((joined.match(ANY_RATING)?.length ?? 0) >= 3) continue;
    const m = LABELLED.exec(joined);
    if (!m || NOT_OURS.test(m[1] ?? '')) continue;
    const first = m[4] ?? '';
    const second = m[6];
    // "Inv. Rating NEUTRAL BUY" under "Previous Current": the second is today's.
    out.push({
      rating: clean(second ?? first),
      action: actionOf(m[3] ?? m[2] ?? m[5] ?? ''),
      previous: second ? clean(first) : null,
      line: joined,
      unsure: false,
    });
  }
  return out;
}

function chineseBox(lines: readonly string[]): Found | null {
  for (const line of lines) {
    const m = ZH_BOX.exec(line) ?? ZH_BESIDE.exec(line);
    if (m) return { rating: m[1] ?? '', action: actionOf(m[2] ?? ''), previous: null, line, unsure: false };
  }
  return null;
}

/** An arrow or a bullet some covers print before a rating or a target that changed: `▲ Overweight`. */
const CHANGE_MARK = '(?:[▲▼△▽↑↓►▶■●◆]\\s*)?';

/** A line that is a rating and nothing else: `Overweight`, `MAINTAIN BUY`, `HK$550.50 - OUTPERFORM`. */
function standalone(lines: readonly string[]): Found | null {
  const re = new RegExp(
    `^${CHANGE_MARK}(?:(?:[A-Z]{0,3}\\$|[A-Z]{3}\\s?)[\\d,.]+\\s*[-–—|:]\\s*)?(?:(${ACTION_EN})\\s+)?(${RATING})${STEP_NUMBER}$`,
    'i',
  );
  for (const line of lines) {
    const m = re.exec(line);
    if (m && !/^[a-z]/.test(m[2] ?? '')) {
      return { rating: clean(m[2] ?? ''), action: actionOf(m[1] ?? ''), previous: null, line, unsure: false };
    }
  }
  return null;
}

/** The action phrases of the page in reading order; with `step`, those about a rating of that step. */
function phrases(lines: readonly string[], step: RatingStep | null): Found[] {
  const text = lines.join('\n');
  const out: Found[] = [];
  for (const m of text.matchAll(EN_PHRASE)) {
    const rating = m[3] ?? '';
    // Brokers capitalise their ratings; "remains neutral" in prose is not one. Between the action
    // and the rating only a name ("upgrade Largan to") or a few small words.
    if (/^[a-z]/.test(rating)) continue;
    if (!(m[2] ?? '').split(/\s+/).every((w) => w === '' || FILLER.test(w))) continue;
    if (step && normaliseRating(rating) !== step) continue;
    out.push({
      rating: clean(rating),
      action: actionOf(m[1] ?? ''),
      previous: m[4] ? clean(m[4]) : null,
      ...inProse(text, m),
    });
  }
  for (const m of text.matchAll(FROM_TO)) {
    const rating = m[2] ?? '';
    if (/^[a-z]/.test(rating) || /^[a-z]/.test(m[1] ?? '')) continue;
    if (step && normaliseRating(rating) !== step) continue;
    out.push({ rating: clean(rating), action: null, previous: clean(m[1] ?? ''), ...inProse(text, m) });
  }
  for (const m of text.matchAll(new RegExp(ZH_PHRASE.source, 'g'))) {
    if (step && normaliseRating(m[2] ?? '') !== step) continue;
    out.push({ rating: m[2] ?? '', action: actionOf(m[1] ?? ''), previous: null, ...inProse(text, m) });
  }
  return out;
}

/** A phrase's lines: what a sentence says is a weaker reading than a box. */
const inProse = (text: string, m: RegExpMatchArray): { line: string; unsure: boolean } => ({
  line: lineAround(text, m.index ?? 0, (m.index ?? 0) + m[0].length),
  unsure: true,
});

function previousLabelled(lines: readonly string[]): Found | null {
  for (const line of lines) {
    const m = PREVIOUS_LABELLED.exec(line);
    if (m) return { rating: '', action: null, previous: clean(m[1] ?? m[2] ?? ''), line, unsure: false };
  }
  return null;
}

function clean(rating: string): string {
  return rating.replace(/\s+/g, ' ').trim();
}
