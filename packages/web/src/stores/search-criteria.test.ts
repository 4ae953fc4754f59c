import * as contract from '@rl/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUserInfo } from '../test/fixtures';
import { useUserStore } from './user-store';
import {
  activeFilterCount,
  criteriaKey,
  criteriaToParams,
  effectiveSorting,
  EMPTY_CRITERIA,
  parseCriteria,
  resetFilters,
  sanitizeCriteria,
  toSearchRequest,
  withKeyword,
  type SearchCriteria,
} from './search-criteria';

/** Reads a URL query and applies the contract's rules, as the search page does. */
const parse = (query: string) => sanitizeCriteria(parseCriteria(new URLSearchParams(query)), contract);

describe('effective sorting', () => {
  it('forces date order when the keyword is empty', () => {
    expect(effectiveSorting('', 'relevance')).toBe('date_desc');
    expect(effectiveSorting('   ', undefined)).toBe('date_desc');
    expect(effectiveSorting('', 'date_asc')).toBe('date_asc');
  });

  it('defaults to relevance with a keyword and keeps an explicit choice', () => {
    expect(effectiveSorting('inflation', undefined)).toBe('relevance');
    expect(effectiveSorting('inflation', 'date_asc')).toBe('date_asc');
  });
});

describe('criteria in the URL', () => {
  const full: SearchCriteria = {
    keyword: 'rate cuts',
    sorting: 'date_asc',
    titleOnly: true,
    filter: {
      from_date: '2024-01-01',
      to_date: '2024-12-31',
      language: ['en', 'zh'],
      asset_class: 'Cross Assets',
      country: 'U.S.',
      issuer: 'Acme Research,Beta Securities',
      author: 'Ann Analyst',
      tags: ['fed', 'curve'],
      min_page: 5,
      max_page: 40,
    },
  };

  it('round-trips every field', () => {
    const params = criteriaToParams(full, 'f1');
    expect(params.get('file')).toBe('f1');
    expect(parseCriteria(params)).toEqual(full);
    expect(sanitizeCriteria(full, contract)).toEqual(full);
    expect(sanitizeCriteria({ ...full, keyword: 'k'.repeat(250) }, contract).keyword).toHaveLength(200);
  });

  it('leaves defaults out of the URL', () => {
    expect(criteriaToParams(EMPTY_CRITERIA).toString()).toBe('');
    expect(criteriaToParams({ ...EMPTY_CRITERIA, keyword: 'x', sorting: 'relevance' }).toString()).toBe(
      'q=x',
    );
  });

  it('drops invalid values instead of failing', () => {
    const criteria = parse(
      'q=ok&sort=best&from=2024-02-30&lang=en,fr&asset_class=Crypto&country=Mars&min_page=-1&max_page=abc&title_only=yes',
    );
    expect(criteria).toEqual({
      keyword: 'ok',
      sorting: undefined,
      titleOnly: false,
      filter: { language: ['en'] },
    });
  });

  it('drops the start of a reversed date range and a minimum above the maximum', () => {
    const criteria = parse('from=2024-05-01&to=2024-01-01&min_page=50&max_page=10');
    expect(criteria.filter).toEqual({ to_date: '2024-01-01', max_page: 10 });
  });

  it('drops values the contract rejects: unreal dates, too many pages, long tags', () => {
    const criteria = parse(`from=2024-13-01&to=2025-02-29&max_page=100001&tag=${'x'.repeat(61)}&tag=ok`);
    expect(criteria.filter).toEqual({ tags: ['ok'] });
  });

  it('deduplicates issuers and tags and strips commas from issuer names', () => {
    const criteria = parse('issuer=A&issuer=A&issuer=B&tag=x&tag=x');
    expect(criteria.filter.issuer).toBe('A,B');
    expect(criteria.filter.tags).toEqual(['x']);
  });

  it('gives the same key to criteria that give the same results', () => {
    expect(criteriaKey({ ...EMPTY_CRITERIA, keyword: 'x' })).toBe(
      criteriaKey({ ...EMPTY_CRITERIA, keyword: 'x', sorting: 'relevance' }),
    );
    expect(criteriaKey({ ...EMPTY_CRITERIA, keyword: 'x' })).not.toBe(
      criteriaKey({ ...EMPTY_CRITERIA, keyword: 'x', sorting: 'date_desc' }),
    );
  });
});

describe('reset and request', () => {
  it('reset keeps the keyword and restores default filters and sorting', () => {
    const reset = resetFilters({
      keyword: 'gold',
      sorting: 'date_asc',
      titleOnly: true,
      filter: { country: 'UK', min_page: 3 },
    });
    expect(reset).toEqual({ ...EMPTY_CRITERIA, keyword: 'gold' });
    expect(toSearchRequest(reset, 1).sorting).toBe('relevance');
    expect(toSearchRequest(resetFilters({ ...reset, keyword: '' }), 1).sorting).toBe('date_desc');
  });

  it('builds a request of 20 results for the page', () => {
    const request = toSearchRequest({ ...EMPTY_CRITERIA, keyword: '  oil ', filter: { country: 'EM' } }, 3);
    expect(request).toEqual({
      keyword: 'oil',
      page_id: 3,
      page_length: 20,
      filter: { country: 'EM' },
      sorting: 'relevance',
      title_only: false,
    });
  });

  it('counts active filters', () => {
    expect(activeFilterCount(EMPTY_CRITERIA)).toBe(0);
    expect(
      activeFilterCount({
        ...EMPTY_CRITERIA,
        titleOnly: true,
        filter: { from_date: '2024-01-01', to_date: '2024-02-01', min_page: 1, tags: ['a'], language: [] },
      }),
    ).toBe(4);
  });
});

describe('search preference "title only"', () => {
  afterEach(() => useUserStore.setState({ user: null }));

  it('turns the title-only switch on by default; the URL can still turn it off', () => {
    const user = buildUserInfo();
    useUserStore.setState({
      user: { ...user, settings: { ...user.settings, search_preference: 'title_only' } },
    });
    const fromEmptyUrl = parseCriteria(new URLSearchParams(''));
    expect(fromEmptyUrl.titleOnly).toBe(true);
    expect(toSearchRequest(fromEmptyUrl, 1).title_only).toBe(true);
    expect(criteriaToParams(fromEmptyUrl).toString()).toBe('');
    const off = { ...fromEmptyUrl, titleOnly: false };
    expect(criteriaToParams(off).toString()).toBe('title_only=0');
    expect(parseCriteria(criteriaToParams(off)).titleOnly).toBe(false);
    expect(resetFilters(off).titleOnly).toBe(true);
  });

  it('relevance keeps it off by default', () => {
    useUserStore.setState({ user: buildUserInfo() });
    expect(parseCriteria(new URLSearchParams('')).titleOnly).toBe(false);
  });
});

describe('search as typed only', () => {
  const rates: SearchCriteria = { ...EMPTY_CRITERIA, keyword: '利率', oneLanguage: true };

  it('is in the URL of the search it was chosen for, and nothing else remembers it', () => {
    const before = window.localStorage.length;
    expect(criteriaToParams(rates).get('one_lang')).toBe('1');
    expect(parse('q=%E5%88%A9%E7%8E%87&one_lang=1').oneLanguage).toBe(true);
    expect(window.localStorage.length).toBe(before);
    // A later search without the choice in its URL searches both languages.
    expect(parse('q=%E9%BB%84%E9%87%91').oneLanguage).toBeUndefined();
    expect(toSearchRequest(parse('q=%E9%BB%84%E9%87%91'), 1)).not.toHaveProperty('one_language');
    expect(criteriaKey(rates)).not.toBe(criteriaKey({ ...rates, oneLanguage: undefined }));
  });

  it('is dropped by a new keyword from the search box and kept when the same keyword runs again', () => {
    expect(withKeyword(rates, '黄金').oneLanguage).toBeUndefined();
    expect(criteriaToParams(withKeyword(rates, '黄金')).has('one_lang')).toBe(false);
    expect(withKeyword(rates, ' 利率 ').oneLanguage).toBe(true);
    expect(withKeyword({ ...rates, keywordAsText: true }, '利率').keywordAsText).toBeUndefined();
  });
});
