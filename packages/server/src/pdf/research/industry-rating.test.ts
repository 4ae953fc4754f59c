import { describe, expect, it } from 'vitest';
import { findCoverRating } from './cover-rating.js';
import { findIndustryRating } from './industry-rating.js';

const read = (page: string, industryNote = true) => findIndustryRating(page.split('\n'), industryNote);

describe('an industry rating', () => {
  it('reads a labelled view on the sector, in either language', () => {
    expect(read('行业评级：看好（维持）')).toEqual({
      rating: '看好',
      step: 'outperform',
      action: 'maintain',
      source: { page: 1, text: '行业评级：看好（维持）' },
    });
    expect(read('行业投资评级 优于大势')).toMatchObject({ rating: '优于大势', step: 'outperform' });
    expect(read('Industry View Attractive', false)).toMatchObject({
      rating: 'Attractive',
      step: 'outperform',
    });
    expect(read('Sector Rating: Underweight', false)).toMatchObject({ step: 'underperform' });
  });

  it('reads an industry note’s box in words only sectors are rated with', () => {
    expect(read('同步大势')).toMatchObject({ rating: '同步大势', step: 'hold' });
    // Without its label, a guess: where it was read says so.
    expect(read('看好（维持）')).toMatchObject({
      rating: '看好',
      action: 'maintain',
      source: { page: 1, text: '看好（维持）', unsure: true },
    });
    // Words companies are rated with too need the sector's label.
    expect(read('推荐（维持）')).toBeNull();
    expect(read('买入')).toBeNull();
    expect(read('看好（维持）', false)).toBeNull();
  });

  it('is never read as the company’s rating', () => {
    expect(findCoverRating(['行业评级：推荐', '投资评级：增持（维持）'])).toMatchObject({
      rating: '增持',
      action: 'maintain',
    });
    expect(findCoverRating(['行业评级：推荐'])).toMatchObject({ rating: null });
  });
});
