import { afterAll, describe, expect, it } from 'vitest';
import { openCorpusReadings } from '../../../test/pdf/corpus-readings.js';
import { loadBuiltinGlossary } from '../glossary/builtin-glossary.js';
import { searchText } from './question-language.js';
import { chunkPages, createPassageIndexCache, indexPassages, searchConversation } from './retrieval.js';

const corpus = openCorpusReadings();
afterAll(() => corpus.close());

const flat = (s: string) => s.replace(/\s+/g, '');

describe('passages of a report', () => {
  it('never crosses a page, keeps paragraphs whole when they fit, and splits long ones', () => {
    const long = 'Margins widened on pricing. '.repeat(60).trim();
    const passages = chunkPages(['First paragraph.\n\nSecond paragraph.', '', `${long}\n\nTail.`]);
    expect(passages[0]).toEqual({ page: 1, text: 'First paragraph.\nSecond paragraph.' });
    expect(passages.every((p) => p.page !== 2)).toBe(true);
    const third = passages.filter((p) => p.page === 3);
    expect(third.length).toBeGreaterThan(1);
    expect(third.every((p) => p.text.length <= 900)).toBe(true);
    expect(flat(third.map((p) => p.text).join(''))).toBe(flat(long + 'Tail.'));
  });

  it('cuts a long paragraph between sentences, never inside a decimal, an amount or "U.S."', () => {
    const long = 'Net sales rose 10.1% to $52.60 billion in the U.S. market this quarter. '.repeat(20).trim();
    const passages = chunkPages([long]);
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) {
      expect(long).toContain(p.text);
      expect(p.text).toMatch(/^Net sales rose 10\.1% to \$52\.60 billion/);
    }
  });

  it('ranks the passage that answers a question first (English and Chinese)', () => {
    const index = indexPassages([
      { page: 1, text: 'The company reported record revenue in the quarter.' },
      { page: 2, text: 'Our target price is HK$120 based on a discounted cash flow valuation.' },
      { page: 3, text: 'Revenue guidance for the year was raised.' },
      { page: 4, text: '公司金刚线产能持续扩张，切割代工业务放量。' },
    ]);
    expect(index.search('What is the target price?', 2)[0]?.page).toBe(2);
    expect(index.search('revenue guidance', 3).map((r) => r.page)).toEqual([3, 1]);
    expect(index.search('金刚线产能', 1)[0]?.page).toBe(4);
    expect(index.search('zebra', 3)).toEqual([]);
    expect(index.search('the of and', 3)).toEqual([]);
  });

  it('finds the page of known facts in real reports', async () => {
    const jnj = await corpus.read('reports', 'fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf', { maxPages: 500 });
    const passages = chunkPages(jnj.pages);
    const index = indexPassages(passages);
    const [best] = index.search('What were the sales of CARVYKTI?', 3);
    expect(best).toBeDefined();
    // The cited page really holds the passage and the term.
    expect(flat(jnj.pages[best!.page - 1]!)).toContain(flat(best!.text));
    expect(best!.text).toMatch(/carvykti/i);

    const note = await corpus.read('reports', 'cn_broker_note_tebon_688556_2022-07-19.pdf', { maxPages: 50 });
    const zh = indexPassages(chunkPages(note.pages));
    const [hit] = zh.search('金刚线的产能是多少？', 3);
    expect(hit?.text).toContain('金刚线');
    expect(flat(note.pages[hit!.page - 1]!)).toContain(flat(hit!.text));
  });
});

describe('boilerplate in retrieval', () => {
  const disclaimer =
    'This report is provided for information purposes only and does not constitute an offer or solicitation. ' +
    'Past performance is not a reliable indicator of future results. No part of this report may be reproduced ' +
    'without the prior written consent of the firm; ratings and target prices are subject to change without notice.';

  it('keeps legal text in passages of its own, ranked after every passage of the report', () => {
    const passages = chunkPages([
      `Cloud revenue grew 26% on AI demand.\n\n${disclaimer}\n\nGames revenue grew 18% on new titles.`,
    ]);
    expect(passages.map((p) => Boolean(p.boilerplate))).toEqual([false, true, false]);
    const index = indexPassages(passages);
    // "target prices" and "ratings" are only in the disclaimer, yet the report's passage comes first.
    const ranked = index.search('What drove revenue and what are the ratings and target prices?', 3);
    expect(ranked.at(-1)!.boilerplate).toBe(true);
    expect(ranked[0]!.text).toMatch(/revenue grew/);
    // Asked only about the notice, it is still found.
    expect(index.search('reproduced without consent', 1)[0]!.boilerplate).toBe(true);
  });

  it("ranks the passage stating a note's rating and price first when asked about them", () => {
    const index = indexPassages([
      { page: 1, text: 'Tencent Overweight. Price target (Dec-26): HK$690. Still in the AI race.' },
      { page: 2, text: 'Cloud revenue grew 26% and the rating agencies upgraded the parent’s debt.' },
      { page: 3, text: 'Our target is to revisit the model after the results.' },
    ]);
    expect(index.search('What is the rating and target price?', 3)[0]!.page).toBe(1);
    // Without such a question, no passage gets the bonus.
    expect(index.search('cloud revenue', 1)[0]!.page).toBe(2);
  });

  it.each([
    ['What is the rating and target price?', 'zh'],
    ['评级和目标价是多少？', 'zh'],
  ] as const)('answers "%s" on the Tebon note from its first page', async (question, language) => {
    const note = await corpus.read('reports', 'cn_broker_note_tebon_688556_2022-07-19.pdf', { maxPages: 50 });
    const index = indexPassages(chunkPages(note.pages));
    const [best, ...rest] = searchConversation(
      index,
      searchText(question, language, loadBuiltinGlossary()),
      [],
      3,
    );
    expect(best!.page).toBe(1);
    expect(best!.text).toMatch(/增持/);
    expect(best!.text).toMatch(/82\.42|增持”评级/);
    // The legal notice of page 4 comes after every passage of the note itself.
    const legal = rest.findIndex((p) => p.page === 4);
    if (legal >= 0) expect(rest.slice(legal).every((p) => p.boilerplate)).toBe(true);
  });
});

describe('retrieval in a conversation', () => {
  const index = indexPassages([
    { page: 1, text: 'Net sales for the quarter increased 1.9 percent to $52.60 billion.' },
    { page: 2, text: 'Membership fee income rose to $1.04 billion on higher renewal rates.' },
    { page: 3, text: 'Gasoline prices lowered net sales growth in the United States.' },
    { page: 4, text: 'The company operates 853 warehouses worldwide.' },
  ]);
  const pages = (ps: { page: number }[]) => ps.map((p) => p.page);

  it('searches a follow-up with no term of its own with the previous question', () => {
    expect(index.search('and in 2025?', 3)).toEqual([]);
    expect(
      pages(searchConversation(index, 'and in 2025?', ['How did membership fee income change?'], 3)),
    ).toEqual([2]);
    // The latest earlier question that matches anything is the topic ("why?" matches nothing).
    expect(
      pages(
        searchConversation(index, 'and in 2025?', ['How many warehouses?', 'membership fees', 'why?'], 3),
      ),
    ).toEqual([2]);
    // No earlier question: nothing.
    expect(searchConversation(index, 'and in 2025?', [], 3)).toEqual([]);
  });

  it("keeps the question's own matches first and fills the places left with the previous topic", () => {
    const hits = searchConversation(index, 'How many warehouses?', ['What drove net sales?'], 3);
    expect(pages(hits)[0]).toBe(4);
    expect(pages(hits).slice(1).sort()).toEqual([1, 3]);
    // No passage twice.
    expect(new Set(hits.map((h) => h.text)).size).toBe(hits.length);
  });

  it('searches a question that fills its places alone, alone', () => {
    const alone = index.search('net sales', 2);
    expect(searchConversation(index, 'net sales', ['membership fee income'], 2)).toEqual(alone);
  });
});

describe('the passage index cache', () => {
  it('loads a file once, keeps the most recent files and reloads an evicted one', async () => {
    const loads: string[] = [];
    const cache = createPassageIndexCache(2);
    const load = (id: string) => () => {
      loads.push(id);
      return Promise.resolve([`Report ${id} discusses revenue growth.`]);
    };
    const a = await cache.get('a', load('a'));
    expect(await cache.get('a', load('a'))).toBe(a);
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recent
    await cache.get('c', load('c')); // evicts b
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
    expect(a.passages).toEqual([{ page: 1, text: 'Report a discusses revenue growth.' }]);
  });

  it('forgets a load that failed', async () => {
    const cache = createPassageIndexCache(2);
    await expect(cache.get('x', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    const index = await cache.get('x', () => Promise.resolve(['Later text about margins and costs.']));
    expect(index.size).toBe(1);
  });
});
