/**
 * Ratings by index: 0 Buy, 1 Overweight, 2 Neutral, 3 Underweight, 4 Sell (买入, 增持, 中性, 减持, 卖出),
 * how often analysts give them, and the return to target price each implies.
 */
export const RATING_WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 40],
  [1, 25],
  [2, 22],
  [3, 8],
  [4, 5],
];

export const RATING_UPSIDE: readonly (readonly [min: number, max: number])[] = [
  [0.15, 0.45],
  [0.08, 0.25],
  [-0.05, 0.1],
  [-0.2, -0.05],
  [-0.4, -0.15],
];
