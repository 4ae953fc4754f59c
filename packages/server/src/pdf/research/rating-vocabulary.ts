import type { RatingAction, RatingStep } from '@rl/contract';

/**
 * Every rating wording we read, mapped to the five-step scale. Brokers use scales of three to five
 * steps; a relative top step (Overweight, 增持, 跑赢行业) is our second step, a neutral one our third.
 * Keep in step with the table in docs/api.md.
 */
export const RATING_WORDS: Record<string, RatingStep> = {
  // English
  'strong buy': 'buy',
  'conviction buy': 'buy',
  'high conviction buy': 'buy',
  'top pick': 'buy',
  buy: 'buy',
  'trading buy': 'outperform',
  'high conviction outperform': 'outperform',
  outperform: 'outperform',
  'o-pf': 'outperform',
  overweight: 'outperform',
  'over weight': 'outperform',
  accumulate: 'outperform',
  add: 'outperform',
  'moderate buy': 'outperform',
  'sector outperform': 'outperform',
  'market outperform': 'outperform',
  neutral: 'hold',
  hold: 'hold',
  'equal-weight': 'hold',
  'equal weight': 'hold',
  equalweight: 'hold',
  'market perform': 'hold',
  'market-perform': 'hold',
  'market weight': 'hold',
  'market-weight': 'hold',
  'sector perform': 'hold',
  'sector weight': 'hold',
  'peer perform': 'hold',
  'in-line': 'hold',
  'mkt perform': 'hold',
  underweight: 'underperform',
  'under weight': 'underperform',
  underperform: 'underperform',
  'u-pf': 'underperform',
  'sector underperform': 'underperform',
  'market underperform': 'underperform',
  reduce: 'underperform',
  'moderate sell': 'underperform',
  sell: 'sell',
  'strong sell': 'sell',
  // Chinese (mainland and Hong Kong brokers, simplified and traditional)
  买入: 'buy',
  強烈推薦: 'buy',
  强烈推荐: 'buy',
  强推: 'buy',
  推荐: 'buy',
  強力買入: 'buy',
  買進: 'buy',
  推薦: 'buy',
  買入: 'buy',
  增持: 'outperform',
  增持评级: 'outperform',
  審慎增持: 'outperform',
  审慎增持: 'outperform',
  谨慎增持: 'outperform',
  谨慎推荐: 'outperform',
  审慎推荐: 'outperform',
  优于大市: 'outperform',
  強於大市: 'outperform',
  優於大市: 'outperform',
  强于大市: 'outperform',
  领先大市: 'outperform',
  跑赢行业: 'outperform',
  跑赢大市: 'outperform',
  超配: 'outperform',
  中性: 'hold',
  持有: 'hold',
  同步大市: 'hold',
  区间操作: 'hold',
  观望: 'hold',
  标配: 'hold',
  減持: 'underperform',
  减持: 'underperform',
  弱于大市: 'underperform',
  落后大市: 'underperform',
  跑输行业: 'underperform',
  跑输大市: 'underperform',
  低配: 'underperform',
  卖出: 'sell',
  賣出: 'sell',
  回避: 'sell',
};

/** Short forms read only beside an action word ("Maintain OW"), never alone: they are common letters. */
export const RATING_ABBREVIATIONS: Record<string, RatingStep> = {
  ow: 'outperform',
  ew: 'hold',
  uw: 'underperform',
};

/** The regex source of every rating wording, longest first so "Strong Buy" wins over "Buy". */
export function ratingPattern(options: { abbreviations?: boolean } = {}): string {
  const words = [
    ...Object.keys(RATING_WORDS),
    ...(options.abbreviations ? Object.keys(RATING_ABBREVIATIONS) : []),
  ];
  return words
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[-\s]/g, '[\\s-]?'))
    .join('|');
}

/** The scale step of a printed rating (`BUY`, `Buy (1)`, `増持`), or null when it is not one. */
export function normaliseRating(printed: string): RatingStep | null {
  const key = printed
    .toLowerCase()
    .replace(/\s*[（(]\s*\d\s*[)）]$/, '') // "Buy (1)": the broker's step number
    .replace(/[-–]\s*[a-e]$/i, '') // "买入-A": the broker's risk grade
    .replace(/[\s-]+/g, (m) => (m.includes('-') ? '-' : ' '))
    .trim();
  return (
    RATING_WORDS[key] ??
    RATING_WORDS[key.replace(/-/g, ' ')] ??
    RATING_WORDS[key.replace(/[\s-]/g, '')] ??
    RATING_ABBREVIATIONS[key] ??
    null
  );
}

/** Words that say what the broker did to its rating, in both languages. */
export const ACTION_WORDS: { action: RatingAction; en: string; zh: string }[] = [
  {
    action: 'initiate',
    en: 'initiat(?:e|es|ed|ing|ion)|start(?:s|ed|ing)?|commenc(?:e|es|ed|ing)|resum(?:e|es|ed|ing)',
    zh: '首次覆盖|首次评级|首次给予|首评|首次',
  },
  {
    action: 'upgrade',
    en: 'upgrad(?:e|es|ed|ing)|rais(?:e|es|ed|ing)',
    zh: '上调|调高|上修|提升|上调至',
  },
  {
    action: 'downgrade',
    en: 'downgrad(?:e|es|ed|ing)|lower(?:s|ed|ing)?|cut(?:s|ting)?',
    zh: '下调|调低|下修|下调至',
  },
  {
    action: 'maintain',
    en: 'maintain(?:s|ed|ing)?|reiterat(?:e|es|ed|ing)|retain(?:s|ed|ing)?|reaffirm(?:s|ed|ing)?|remain(?:s|ed)?|keep(?:s|ing)?|stay(?:s|ed)?|continue(?:s|d)?',
    zh: '维持|重申|继续|保持',
  },
];

/** The action a printed word names (`Reiterate`, `首次`), or null. */
export function actionOf(word: string): RatingAction | null {
  const lower = word.toLowerCase().trim();
  for (const { action, en, zh } of ACTION_WORDS) {
    if (new RegExp(`^(?:${en}|${zh})$`, 'i').test(lower)) return action;
  }
  return null;
}

/** Step order: a lower index is a better rating. */
export function compareSteps(a: RatingStep, b: RatingStep): number {
  const order: RatingStep[] = ['buy', 'outperform', 'hold', 'underperform', 'sell'];
  return order.indexOf(a) - order.indexOf(b);
}
