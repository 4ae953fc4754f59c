import { describe, expect, it } from 'vitest';
import { buildListItem, buildSearchResponse } from '../test/fixtures';
import { firstPaintSearch, renderFirstPaint } from './render-first-paint';
import { DEFAULT_FIRST_PAINT_KEY } from './first-paint-key';

/** The search page's first screen rendered with the app's own components, as the server does. */
const URL_OF = (path: string) => `http://localhost${path}`;

describe('the search a page starts with', () => {
  it('is the result list of the search page, with the URL written as the app writes it', () => {
    expect(firstPaintSearch(URL_OF('/home/file'))).toEqual({
      request: {
        keyword: '',
        page_id: 1,
        page_length: 20,
        filter: {},
        sorting: 'date_desc',
        title_only: false,
      },
      url: URL_OF('/home/file'),
    });
    expect(firstPaintSearch(URL_OF('/home/file?junk=1&sort=date_asc'))).toMatchObject({
      request: { sorting: 'date_asc' },
      url: URL_OF('/home/file?sort=date_asc'),
    });
    expect(firstPaintSearch(URL_OF('/home/file?q=copper'))?.request).toMatchObject({ keyword: 'copper' });
  });

  it('is none for an open report or another page', () => {
    expect(firstPaintSearch(URL_OF('/home/file?file=abcdefgh12345678'))).toBeNull();
    expect(firstPaintSearch(URL_OF('/my/upload'))).toBeNull();
    expect(firstPaintSearch(URL_OF('/'))).toBeNull();
  });
});

describe('the first paint', () => {
  const search = buildSearchResponse(0, 2, {
    file_list: [
      buildListItem({ title: 'Copper in 2027', issuer: 'Northbridge' }),
      buildListItem({ title: 'Rates & <risk>', locked: { reason: 'file_age', opens_at: '2027-06-01' } }),
    ],
  });

  it('shows the reports with the phone layout: no side menu, the filters behind a button', async () => {
    const paint = (await renderFirstPaint({ url: URL_OF('/home/file'), width: 'phone', search }))!;
    expect(paint.key).toBe(DEFAULT_FIRST_PAINT_KEY);
    expect(paint.media).toBe('(max-width: 767.98px)');
    const page = new DOMParser().parseFromString(paint.html, 'text/html');
    const titles = [...page.querySelectorAll('[data-testid="result-item"] h2')].map((h) => h.textContent);
    expect(titles).toEqual(['Copper in 2027', 'Rates & <risk>']);
    expect(page.querySelector('[data-testid="results-count"]')?.textContent).toBe('2 reports');
    expect(page.querySelector('[data-testid="side-menu"]')).toBeNull();
    expect(page.querySelector('[data-testid="menu-button"]')).not.toBeNull();
    expect(page.querySelector('[data-testid="filters-button"]')).not.toBeNull();
    expect(page.querySelector('[data-testid="login-button"]')).not.toBeNull();
    // The theme's variables the markup reads: antd's and the app's own.
    expect(paint.css).toContain('--ant-color-primary:#165dff');
    expect(paint.css).toContain('--rl-color-primary:#165dff');
  });

  it('shows the side menu and the filter column on a desktop, while phones are rendered beside it', async () => {
    const [desktop, phone] = await Promise.all([
      renderFirstPaint({ url: URL_OF('/home/file'), width: 'desktop', search }),
      renderFirstPaint({ url: URL_OF('/home/file'), width: 'phone', search }),
    ]);
    const wide = new DOMParser().parseFromString(desktop!.html, 'text/html');
    expect(desktop!.media).toBe('(min-width: 992px)');
    expect(wide.querySelector('[data-testid="side-menu"]')).not.toBeNull();
    expect(wide.querySelector('.rl-file-page__filters')).not.toBeNull();
    expect(wide.querySelectorAll('[data-testid="result-item"]')).toHaveLength(2);
    const narrow = new DOMParser().parseFromString(phone!.html, 'text/html');
    expect(narrow.querySelector('[data-testid="side-menu"]')).toBeNull();
  });

  it("renders in the reader's language, its key and lang saying so, and in English again after", async () => {
    const chinese = (await renderFirstPaint({
      url: URL_OF('/home/file'),
      width: 'phone',
      search,
      language: 'zh-CN',
    }))!;
    expect(chinese.lang).toBe('zh-CN');
    expect(chinese.key).not.toBe(DEFAULT_FIRST_PAINT_KEY);
    const page = new DOMParser().parseFromString(chinese.html, 'text/html');
    expect(page.querySelector('[data-testid="results-count"]')?.textContent).toBe('共 2 篇研报');
    expect(page.querySelector('[data-testid="login-button"]')?.textContent).toBe('登录');
    expect(page.querySelector('.rl-result__meta')?.textContent).toContain('2025年3月14日');
    const english = (await renderFirstPaint({
      url: URL_OF('/home/file'),
      width: 'phone',
      search,
      language: 'fr',
    }))!;
    expect([english.lang, english.key]).toEqual(['en-US', DEFAULT_FIRST_PAINT_KEY]);
    expect(english.html).toContain('2 reports');
    expect(english.html).not.toContain('篇研报');
  });

  it('says so when nothing was found, and renders nothing for another page', async () => {
    const empty = await renderFirstPaint({
      url: URL_OF('/home/file'),
      width: 'phone',
      search: buildSearchResponse(0, 0),
    });
    expect(empty!.html).toContain('data-testid="no-results"');
    expect(await renderFirstPaint({ url: URL_OF('/my/upload'), width: 'phone', search })).toBeNull();
  });
});
