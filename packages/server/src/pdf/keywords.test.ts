import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoReport } from '../demo/index.js';
import { topKeywords } from './keywords.js';
import { readPdf } from './read-pdf.js';
import { corpusFiles, readResearchManifest } from '../../test/pdf/test-corpus.js';
import { inferMetadata } from './infer-metadata.js';
import { openCorpusReadings } from '../../test/pdf/corpus-readings.js';

const corpus = openCorpusReadings();
afterAll(() => corpus.close());

/** Month names and abbreviations, quarters, years and figures: what a chart's axes print. */
const AXIS_LABEL =
  /\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|^(?:[1-4]Q|Q[1-4]|FY|H[12])\b|^[\d.,%-]+$|\b(?:panel|scale|axis|legend)\b/i;

const prose = [
  'Copper demand from grid investment keeps rising, and copper smelters report tight concentrate supply.',
  'Copper inventories fell again while grid operators placed record orders for copper cable.',
];

describe('report keywords', () => {
  it('leaves out rows of axis labels and source captions, keeps the topics of the prose', () => {
    const chart = [
      'Copper price (USD/t)',
      'Jan-23 Apr-23 Jul-23 Oct-23 Jan-24 Apr-24 Jul-24',
      '8,000 8,500 9,000 9,500',
      '1Q23 2Q23 3Q23 4Q23 2024E 2025E',
      'Source: Haver Analytics, Bloomberg',
    ].join('\n');
    const text = [prose[0], chart, prose[1], chart, chart].join('\n\n');
    const keywords = topKeywords(text, 'en', 8);
    expect(keywords).toContain('copper');
    expect(keywords.join(' ')).toMatch(/grid/);
    for (const k of keywords) expect(k).not.toMatch(AXIS_LABEL);
    expect(keywords.join(' ')).not.toMatch(/haver|bloomberg/i);

    const zh = [
      '铜需求受电网投资拉动持续增长，冶炼企业反映铜精矿供应偏紧，电网订单创出新高。',
      '铜价走势（元/吨）\n23-01 23-04 23-07 23-10 24-01\n1月 2月 3月 4月 5月 6月\n均值\n资料来源：万得资讯',
      '电网投资保持高位，铜库存继续下降，冶炼企业加工费回落。',
    ].join('\n\n');
    const zhKeywords = topKeywords(zh + '\n\n' + zh, 'zh', 8);
    expect(zhKeywords).toContain('冶炼');
    expect(zhKeywords).not.toContain('均值');
    expect(zhKeywords.join(' ')).not.toMatch(/万得|资讯/);
  });

  it('leaves the month axis of a demo report chart out of its keywords', async () => {
    // The generator draws monthly line charts labelled Jan-24 ... Dec-25 in English reports.
    let checked = 0;
    for (let index = 0; index < 4; index++) {
      const { plan, bytes } = await generateDemoReport(20261121, index, '2026-11-21');
      const pdf = await readPdf(bytes, { maxPages: 100 });
      const text = pdf.pages.join('\n\n');
      if (plan.language !== 'en' || !/\b(?:Jan|Jul)-\d\d\b/.test(text)) continue;
      checked++;
      const keywords = topKeywords(text, 'en', 12);
      for (const k of keywords) expect(k, keywords.join(' | ')).not.toMatch(AXIS_LABEL);
    }
    expect(checked).toBeGreaterThan(0);
  });

  // Reports with charts (months and quarters on their axes) and a table report keyed by month.
  it.each([
    ['imf_gfsr_oct2025_ch1.pdf', 'en'],
    ['fed_monetary_policy_report_excerpt.pdf', 'en'],
    ['jal_intl_traffic_data_fy2015.pdf', 'en'],
    ['cn_broker_note_tebon_688556_2022-07-19.pdf', 'zh'],
  ] as const)('%s: no month, axis label or figure among the keywords', async (file, language) => {
    const pdf = await corpus.read('reports', file, { maxPages: 500 });
    const keywords = topKeywords(pdf.pages.join('\n\n'), language, 12);
    expect(keywords.length).toBeGreaterThanOrEqual(8);
    for (const k of keywords) expect(k, keywords.join(' | ')).not.toMatch(AXIS_LABEL);
    expect(keywords.join(' ')).not.toMatch(/haver/i);
  });

  it('counts prose only: the words of table rows and short cells are no topics', () => {
    const table = [
      'Total liabilities 52,148 49,990 47,213',
      'Diluted 2.93 2.88 2.41',
      '12 Weeks 12 Weeks 36 Weeks',
      'Accounts payable 17,848 16,102',
    ].join('\n');
    const keywords = topKeywords([prose[0], table, prose[1], table, table].join('\n\n'), 'en', 10);
    expect(keywords).toContain('copper');
    expect(keywords.join(' ')).not.toMatch(/liabilities|diluted|weeks|accounts|payable/);
  });

  it('leaves out verbs: words found after a subject, a modal or a negation as often as not', () => {
    const en = [
      'We expect copper demand to rise as grid operators expand networks, and we expect smelters to expand too.',
      'Copper smelters will expand capacity; grid operators expect copper cable orders to rise again this year.',
    ].join('\n');
    const keywords = topKeywords(`${en}\n${en}`, 'en', 10);
    expect(keywords).toContain('copper');
    expect(keywords).not.toContain('expect');
    expect(keywords).not.toContain('expand');
    const zh = [
      '我们认为光伏装机需求持续提升，我们预测硅片扩产将持续释放金刚线需求，硅片切割代工业务持续受益。',
      '我们认为金刚线细线化趋势加速，我们预测硅片切割耗材需求提升，金刚线产能持续释放。',
    ].join('\n');
    const zhKeywords = topKeywords(`${zh}\n${zh}`, 'zh', 10);
    expect(zhKeywords).toContain('金刚线'.slice(0, 2));
    for (const verb of ['认为', '预测', '提升', '释放']) expect(zhKeywords).not.toContain(verb);
  });

  it('given pages, leaves out disclosure pages and running headers', () => {
    const header = 'Copper Weekly | Global Commodities Research';
    const legal =
      'Analyst Certification\n\nThe analyst certifies that the views expressed in this research report reflect his personal views; ' +
      'no part of his compensation was related to the recommendations. This research report is not an offer or solicitation.';
    const pages = [0, 1, 2].map((i) => `${header}\n${prose[i % 2]}\n${prose[(i + 1) % 2]}`);
    pages.push(`${header}\n${legal}`, `${header}\n${legal}`);
    const keywords = topKeywords(pages, 'en', 10);
    expect(keywords).toContain('copper');
    expect(keywords.join(' ')).not.toMatch(
      /weekly|commodities|research|analyst|views|compensation|solicitation/,
    );
  });

  it('keeps generic filing words and a broker note’s notices out of real reports’ keywords', async () => {
    const costco = await corpus.read('reports', 'fb_COSTCO_2023Q3_EARNINGS.pdf', { maxPages: 50 });
    expect(topKeywords(costco.pages, 'en', 10).join(' ')).not.toMatch(
      /\b(?:account|weeks|diluted|liabilities)\b/,
    );
    const jinyu = await corpus.read('reports', 'cn_annual_report_2020_600201_jinyu_bio.pdf', {
      maxPages: 500,
    });
    const zh = topKeywords(jinyu.pages.slice(0, 8), 'zh', 10);
    expect(zh).toContain('疫苗');
    for (const generic of ['研发', '业务', '上市', '董事', '认为', '预测']) expect(zh).not.toContain(generic);
  });

  it('leaves out currencies, the analysts, and a name beside the ticker that stands for it', () => {
    const note = [
      'Adobe (ADBE) reported strong Firefly demand and raised its guidance for digital media revenue growth.',
      'We think ADBE can sustain Firefly adoption; adobe pricing power in digital media remains intact.',
      'Our target price of USD 450 values ADBE on 25x earnings; Firefly and digital media drive upside etc.',
      'Keith Weiss and Josh Baer expect digital media growth to hold, with Firefly monetisation building.',
    ].join('\n');
    const keywords = topKeywords(
      `${note}\n${note}`,
      'en',
      10,
      ['Morgan Stanley'],
      ['Keith Weiss', 'Josh Baer'],
    );
    expect(keywords).toContain('ADBE');
    expect(keywords).toContain('firefly');
    for (const junk of ['adobe', 'USD', 'keith', 'weiss', 'keith weiss', 'josh baer', 'etc'])
      expect(keywords.join(' | ')).not.toMatch(new RegExp(`(?:^| )${junk}(?: |$)`));
  });

  /*
   * Written from the Morgan Stanley Adobe note ("adobe" beside "ADBE"), the UBS SK Hynix note (its
   * broker's "UBSE" and a currency), the Morningstar NVIDIA note (its analyst); every note of the
   * corpus checks them, the held-out ones (test-corpus.ts) included.
   */
  const manifest = readResearchManifest();
  it.each(corpusFiles('research'))(
    '%s: no currency, analyst or doubled name among the keywords',
    async (file) => {
      const pdf = await corpus.read('research', file, { maxPages: 100 });
      const { keywords } = inferMetadata(pdf, file, { today: '2026-12-03' });
      const analysts = manifest.find((m) => m.file === file)?.analysts ?? [];
      const nameWords = new Set(analysts.flatMap((a) => a.toLowerCase().split(/\s+/)));
      for (const keyword of keywords) {
        expect(keyword).not.toMatch(
          /^(?:USD|HKD|CNY|RMB|Rmb|rmb|TWD|KRW|JPY|EUR|GBP|won|美元|港元|人民币)$|\betc\b/,
        );
        expect(
          keyword.split(' ').every((w) => nameWords.has(w.toLowerCase())),
          keyword,
        ).toBe(false);
        for (const name of analysts)
          expect(name.includes(keyword) && /[\u4e00-\u9fff]/.test(keyword), keyword).toBe(false);
      }
      const tickers = keywords.filter((k) => /^[A-Z]{3,5}$/.test(k));
      for (const ticker of tickers)
        for (const word of keywords.filter((k) => /^[a-z]+$/.test(k)))
          expect(`${ticker} ${word}`).not.toMatch(
            new RegExp(
              `^${ticker} ${ticker.toLowerCase().slice(0, 2)}${[...ticker.toLowerCase().slice(2)].map((l) => `[a-z]*${l}`).join('')}[a-z]*$`,
            ),
          );
    },
  );

  /** Held-out notes (test-corpus.ts) whose keywords still hold a disclosure's word. */
  const KNOWN_MISSES = new Set(['en_morganstanley_broadcom_credit.pdf']);
  it.each(corpusFiles('research').filter((file) => !KNOWN_MISSES.has(file)))(
    '%s: no word of its disclosures among the keywords',
    (file) => expectNoDisclosureWords(file),
  );
  it.fails.each([...KNOWN_MISSES])('%s (held out): still a word of its disclosures', (file) =>
    expectNoDisclosureWords(file),
  );

  async function expectNoDisclosureWords(file: string) {
    const pdf = await corpus.read('research', file, { maxPages: 100 });
    const language = file.startsWith('cn_') ? 'zh' : 'en';
    const keywords = topKeywords(pdf.pages, language, 10);
    expect(keywords.length).toBeGreaterThanOrEqual(5);
    expect(keywords.join(' '), keywords.join(' | ')).not.toMatch(
      /\b(?:research|disclosures?|jurisdiction|analysts?|certification|investment banking|compensation|securities|regulated|com)\b|声明|免责|披露|证券投资|执业/i,
    );
  }
});
