import { describe, expect, it } from 'vitest';
import { criteriaToParams, EMPTY_CRITERIA, parseCriteria, toSearchRequest } from './search-criteria';

describe('the research filters in the URL', () => {
  it('survive a round trip through the address', () => {
    const criteria = parseCriteria(
      new URLSearchParams(
        'q=moutai&title_only=0&type=company&rating=buy,hold&action=upgrade&sector=consumer_staples&ticker=600519.SH',
      ),
    );
    expect(criteria.filter).toMatchObject({
      report_type: ['company'],
      rating: ['buy', 'hold'],
      rating_action: ['upgrade'],
      ticker: '600519.SH',
    });
    expect(parseCriteria(criteriaToParams(criteria))).toEqual(criteria);
  });

  it('drops values outside the vocabularies instead of failing', () => {
    const criteria = parseCriteria(new URLSearchParams('rating=great,buy&action=nope&type='));
    expect(criteria.filter.rating).toEqual(['buy']);
    expect(criteria.filter.rating_action).toBeUndefined();
    expect(criteria.filter.report_type).toBeUndefined();
  });
});

describe('a keyword searched as words, not as a ticker', () => {
  it('is kept in the address and sent with the search', () => {
    const criteria = parseCriteria(new URLSearchParams('q=600519&words=1'));
    expect(criteria.keywordAsText).toBe(true);
    expect(criteriaToParams(criteria).get('words')).toBe('1');
    expect(toSearchRequest(criteria, 1).keyword_as_text).toBe(true);
  });

  it('is left out by default, and without a keyword', () => {
    const plain = parseCriteria(new URLSearchParams('q=600519'));
    expect(plain.keywordAsText).toBeUndefined();
    expect(toSearchRequest(plain, 1).keyword_as_text).toBeUndefined();
    expect(criteriaToParams({ ...EMPTY_CRITERIA, keywordAsText: true }).has('words')).toBe(false);
    expect(parseCriteria(new URLSearchParams('q=600519&words=yes')).keywordAsText).toBeUndefined();
  });
});
