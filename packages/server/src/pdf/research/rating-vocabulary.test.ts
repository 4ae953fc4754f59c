import { describe, expect, it } from 'vitest';
import { actionOf, normaliseRating } from './rating-vocabulary.js';

describe('rating vocabulary', () => {
  it('maps English wordings to the five steps', () => {
    const cases: [string, string][] = [
      ['Buy', 'buy'],
      ['BUY', 'buy'],
      ['Strong Buy', 'buy'],
      ['Buy (1)', 'buy'],
      ['Outperform', 'outperform'],
      ['High Conviction Outperform', 'outperform'],
      ['Overweight', 'outperform'],
      ['Accumulate', 'outperform'],
      ['O-PF', 'outperform'],
      ['Neutral', 'hold'],
      ['Equal-weight', 'hold'],
      ['Equal weight', 'hold'],
      ['Market perform', 'hold'],
      ['Hold', 'hold'],
      ['Underweight', 'underperform'],
      ['Underperform', 'underperform'],
      ['Reduce', 'underperform'],
      ['Sell', 'sell'],
      ['Sell (3)', 'sell'],
    ];
    for (const [printed, step] of cases) expect(normaliseRating(printed), printed).toBe(step);
  });

  it('maps Chinese wordings to the five steps', () => {
    const cases: [string, string][] = [
      ['买入', 'buy'],
      ['强烈推荐', 'buy'],
      ['推荐', 'buy'],
      ['买入-A', 'buy'],
      ['增持', 'outperform'],
      ['谨慎推荐', 'outperform'],
      ['优于大市', 'outperform'],
      ['跑赢行业', 'outperform'],
      ['中性', 'hold'],
      ['持有', 'hold'],
      ['同步大市', 'hold'],
      ['减持', 'underperform'],
      ['跑输行业', 'underperform'],
      ['卖出', 'sell'],
    ];
    for (const [printed, step] of cases) expect(normaliseRating(printed), printed).toBe(step);
  });

  it('has no step for what is not a rating', () => {
    expect(normaliseRating('Not Rated')).toBeNull();
    expect(normaliseRating('Target price')).toBeNull();
    expect(normaliseRating('')).toBeNull();
  });

  it('names the action of a printed word', () => {
    expect(actionOf('Initiate')).toBe('initiate');
    expect(actionOf('首次')).toBe('initiate');
    expect(actionOf('Reiterate')).toBe('maintain');
    expect(actionOf('维持')).toBe('maintain');
    expect(actionOf('Upgrade')).toBe('upgrade');
    expect(actionOf('上调')).toBe('upgrade');
    expect(actionOf('Downgrading')).toBe('downgrade');
    expect(actionOf('下调')).toBe('downgrade');
    expect(actionOf('Tencent')).toBeNull();
  });
});
