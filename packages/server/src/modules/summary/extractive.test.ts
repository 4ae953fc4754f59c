import { afterAll, describe, expect, it } from 'vitest';
import { splitSentences } from '@rl/contract/sentences';
import { isBoilerplateSentence } from '../../pdf/boilerplate.js';
import { corpusFiles } from '../../../test/pdf/test-corpus.js';
import { openCorpusReadings } from '../../../test/pdf/corpus-readings.js';
import {
  COMPACT_MAX_CHARS,
  continuesEnumeration,
  extractiveSummary,
  isCandidate,
  STANDARD_SENTENCES,
} from './extractive.js';

const corpus = openCorpusReadings();
afterAll(() => corpus.close());

const prose = [
  'Revenue grew strongly in the third quarter as demand for cloud services accelerated across every region we serve.',
  'Cloud revenue growth was driven by new enterprise customers and higher spending by existing cloud customers.',
  'Operating margin expanded because cloud services carry higher margins than the legacy hardware business.',
  'Management expects cloud demand to stay strong next year and raised its revenue guidance for the full year.',
  'The company also announced a new share buyback programme, to be funded from its strong free cash flow.',
  'Hardware sales declined again, although the decline was smaller than in the previous quarter of the year.',
];

const flat = (s: string) => s.replace(/\s+/g, '');

describe('extractive summary', () => {
  it('keeps prose sentences and refuses boilerplate, figures and headings', () => {
    expect(isCandidate(prose[0]!)).toBe(true);
    expect(
      isCandidate(
        'This report contains forward-looking statements that involve risks and uncertainties about the future.',
      ),
    ).toBe(false);
    expect(
      isCandidate(
        'This material is for informational purposes only and is not an offer to buy or sell any security.',
      ),
    ).toBe(false);
    expect(isCandidate('Revenue 2021 2022 2023 1,234.5 2,345.6 3,456.7 12.5% 13.1% 14.2% 15.0% 16.3%.')).toBe(
      false,
    );
    expect(
      isCandidate('Management Discussion And Analysis Of Financial Condition And Results Of Operations.'),
    ).toBe(false);
    expect(isCandidate('Item 5.07 Submission of Matters to a Vote of Security Holders.')).toBe(false);
    expect(
      isCandidate(
        'We believe these non-GAAP financial measures provide investors with useful supplemental information.',
      ),
    ).toBe(false);
    expect(isCandidate('本报告仅供参考，不构成任何投资建议，投资者应自行判断并承担投资风险。')).toBe(false);
    expect(isCandidate('公司光伏硅片切割代工业务持续放量，未来利润弹性有望持续释放，维持增持评级。')).toBe(
      true,
    );
  });

  it('chooses central sentences, drops near-duplicates and keeps reading order', () => {
    const pages = [
      prose.slice(0, 3).join(' ') +
        '\n\nThis report contains forward-looking statements that involve risks and uncertainties.',
      prose.slice(3).join(' ') + ' ' + prose[1],
    ];
    const summary = extractiveSummary(pages, 'en');
    const chosen = prose.filter((s) => summary.standard.includes(s));
    expect(chosen.length).toBeGreaterThanOrEqual(3);
    expect(chosen.length).toBeLessThanOrEqual(STANDARD_SENTENCES);
    // In the order of the report.
    const positions = chosen.map((s) => summary.standard.indexOf(s));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(summary.standard.split(prose[1]!).length - 1).toBeLessThanOrEqual(1);
    expect(summary.standard).not.toMatch(/forward-looking/);
    // The cloud sentences are the centre of this text.
    expect(summary.compact).toMatch(/cloud/i);
    expect(summary.standard).toContain(summary.compact.split('. ')[0]!);
  });

  it("prefers the latest year's figures to a prior year's stated as news", () => {
    const current = [
      'Subscription revenue increased $1.2 billion during fiscal 2016 as compared to fiscal 2015, driven by cloud subscriptions.',
      'Cloud subscriptions grew during fiscal 2016 as more customers moved to the cloud offering and renewed their plans.',
    ];
    const prior = [
      'Subscription revenue increased $0.9 billion during fiscal 2015 as compared to fiscal 2014, driven by cloud subscriptions.',
      'Cloud subscriptions grew during fiscal 2015 as more customers moved to the cloud offering and renewed their plans.',
    ];
    const filler =
      'Customers of the cloud offering renew their subscriptions each year, which makes revenue more predictable.';
    const summary = extractiveSummary([[...prior, filler, ...current].join(' ')], 'en');
    expect(summary.compact).toMatch(/fiscal 2016/);
    expect(summary.compact).not.toMatch(/during fiscal 2015/);
  });

  it('never reads a disclosure page, a legal footer or a running header', () => {
    const footer = 'Please read the analyst certification and important disclosures on the last page.';
    const disclosure = [
      'Analyst Certification',
      'The research analyst certifies that the views expressed in this report accurately reflect his personal views about the subject securities, and no part of his compensation was related to the specific recommendations.',
      'This report is provided for information purposes only and does not constitute an offer or solicitation in any jurisdiction where such an offer would be unlawful; past performance is not a guide to future results.',
    ].join('\n\n');
    const pages = [
      `${prose.slice(0, 3).join(' ')}\n\n${footer}`,
      `${prose.slice(3).join(' ')}\n\n${footer}`,
      `${prose[0]}\n\n${footer}`,
      `${disclosure}\n\n${footer}`,
    ];
    const summary = extractiveSummary(pages, 'en');
    expect(summary.standard).toMatch(/cloud/i);
    expect(summary.standard).not.toMatch(/certif|views expressed|solicitation|disclosures/i);
  });

  it('starts no summary on an enumeration’s later item, and keeps the compact one short and whole', () => {
    const note = [
      'Cloud revenue grew strongly in the quarter as enterprise customers moved their data centres to the cloud.',
      'Third, cloud margins expanded as cloud revenue grew faster than the cost of cloud data centres this quarter.',
    ].join(' ');
    const { standard, compact } = extractiveSummary(
      [note, note.replace('Cloud revenue grew', 'Cloud sales rose')],
      'en',
    );
    expect(splitSentences(standard)[0]).not.toMatch(/^Third/);
    expect(continuesEnumeration('Third, margins rose.')).toBe(true);
    expect(continuesEnumeration('其次，毛利率提升。')).toBe(true);
    expect(continuesEnumeration('Thirdly the margins rose.')).toBe(true);
    expect(continuesEnumeration('The third quarter was strong.')).toBe(false);
    expect(compact.length).toBeLessThanOrEqual(COMPACT_MAX_CHARS.en);
    const long = `${'Revenue growth in the cloud business accelerated again '.repeat(8).trim()}.`;
    const cut = extractiveSummary([long, long.replace('Revenue', 'Sales')], 'en').compact;
    expect(cut.length).toBeLessThanOrEqual(COMPACT_MAX_CHARS.en);
    expect(cut).toMatch(/ (?:Revenue|Sales|growth|in|the|cloud|business|accelerated|again)…$/);
  });

  it('reads a Chinese block of two columns side by side as two runs of text', () => {
    const page = [
      '公司发布年报，全年营收同比增长百分之二十，酒店信息化业务 分析师：张三',
      '保持领先，云转型持续推进，我们维持推荐评级并上调盈利预测 研究助理：李四',
      '和目标价，海外市场空间广阔。',
    ].join('\n');
    const { standard } = extractiveSummary([page, page.replace('公司发布年报', '公司发布季报')], 'zh');
    expect(standard).toContain('酒店信息化业务保持领先');
    expect(standard).toContain('上调盈利预测和目标价');
    expect(standard).not.toMatch(/分析师|研究助理/);
  });

  it('answers empty summaries when nothing is prose', () => {
    expect(extractiveSummary([], 'en')).toEqual({ standard: '', compact: '' });
    expect(extractiveSummary(['1 2 3\n4 5 6\n7 8 9', 'Table 1\nTotal 12.5'], 'en')).toEqual({
      standard: '',
      compact: '',
    });
  });

  it('keeps headings, check boxes and bullets out of the sentences that follow them', () => {
    const column = [
      'Revenue grew strongly in the third quarter as demand for cloud services',
      'accelerated across every region we serve, and margins widened again.',
      'Wage growth remains elevated but',
      'has slowed',
      'Consistent with the easing in labor market tightness, nominal wage growth',
      'continued to slow so far this year, though it remains above its pace.',
      'Foreign exchange impacts:',
      '• Foreign currency effects decreased pre-tax earnings by approximately $27',
      'million, or 10.1% of the total, for the fourth quarter of the year.',
    ].join('\n');
    const summary = extractiveSummary([column], 'en');
    const points = splitSentences(summary.standard);
    expect(points).toContain(
      'Consistent with the easing in labor market tightness, nominal wage growth continued to slow so far this year, though it remains above its pace.',
    );
    expect(points).toContain(
      'Foreign currency effects decreased pre-tax earnings by approximately $27 million, or 10.1% of the total, for the fourth quarter of the year.',
    );
    expect(summary.standard).not.toMatch(/has slowed|impacts:|•/);

    const chinese = [
      '公司持续推进智能制造升级改造，生产效率和产品质量稳步提升，全年营业收入同比增长百分之十。',
      '2、研发模式',
      '公司以三个国家级实验室为研发平台，开展自主研发和联合研发，研发投入持续增加；',
      '□适用 √不适用',
      '公司报告期内不存在重大诉讼和仲裁事项，经营活动产生的现金流量净额保持稳定增长！',
    ].join('\n');
    const zh = splitSentences(extractiveSummary([chinese], 'zh').standard);
    expect(zh).toEqual([
      '公司持续推进智能制造升级改造，生产效率和产品质量稳步提升，全年营业收入同比增长百分之十。',
      '公司以三个国家级实验室为研发平台，开展自主研发和联合研发，研发投入持续增加；',
      '公司报告期内不存在重大诉讼和仲裁事项，经营活动产生的现金流量净额保持稳定增长！',
    ]);
  });

  describe('on real broker notes', () => {
    /** What disclosures and legal notices say, in either language. */
    const LEGAL =
      /disclos|certif|disclaim|jurisdiction|regulated by|solicitation|views expressed|investment banking|compensation|本报告(?:仅|所载|中的信息|版权)|免责|分析师声明|法律声明|仅供|不构成|证券投资咨询|执业/i;
    /** Held-out notes (test-corpus.ts) whose summary still quotes a notice. */
    const KNOWN_MISSES = new Set(['en_argus_jpmorgan_company.pdf']);
    it.each(corpusFiles('research').filter((file) => !KNOWN_MISSES.has(file)))(
      '%s: the summary says what the note says, no notice',
      (file) => expectNoNotice(file),
    );
    it.fails.each([...KNOWN_MISSES])('%s (held out): still a notice in the summary', (file) =>
      expectNoNotice(file),
    );

    async function expectNoNotice(file: string) {
      const pdf = await corpus.read('research', file, { maxPages: 100 });
      const language = /[\u4e00-\u9fff]/.test(pdf.pages[0] ?? '') && file.startsWith('cn_') ? 'zh' : 'en';
      const summary = extractiveSummary(pdf.pages, language);
      expect(summary.standard.length).toBeGreaterThan(100);
      for (const point of splitSentences(summary.standard)) {
        expect(point, point).not.toMatch(LEGAL);
        expect(isBoilerplateSentence(point)).toBe(false);
      }
    }

    it("gives a 10-K's latest year, not a prior year's figure, in the compact summary", async () => {
      const pdf = await corpus.read('reports', 'fb_ADOBE_2016_10K.pdf', { maxPages: 500 });
      const { compact } = extractiveSummary(pdf.pages, 'en');
      expect(compact.length).toBeGreaterThan(100);
      // Every sentence that dates something dates fiscal 2016, the year the filing reports.
      for (const point of splitSentences(compact)) {
        const years = point.match(/\b20\d\d\b/g) ?? [];
        if (years.length) expect(years, point).toContain('2016');
      }
    });
  });

  describe('what every summary of a real note holds', () => {
    /*
     * Written from the Morningstar NVIDIA note (bullets drawn in its symbol font: "gWe assume…"),
     * the J.P. Morgan Tencent note (a summary led by "Third, …"), and the 民生证券 石基信息 note (its
     * side column of figures run into the text's lines); every other note checks them.
     */
    const zhColumnGap = /[\u4e00-\u9fff] +[\u4e00-\u9fff]|[，。；：、] +[\u4e00-\u9fff]/;
    it.each(corpusFiles('research'))('%s: whole, starting on its own, in one column', async (file) => {
      const pdf = await corpus.read('research', file, { maxPages: 100 });
      const language = file.startsWith('cn_') ? 'zh' : 'en';
      const { standard, compact } = extractiveSummary(pdf.pages, language);
      expect(compact.length).toBeLessThanOrEqual(COMPACT_MAX_CHARS[language]);
      // A sentence's end, or a whole word (a Chinese character) and an ellipsis.
      expect(compact).toMatch(/[.!?。！？；;:：]["”’)）]*$|[\p{L}\p{N}%)）]…$/u);
      for (const summary of [standard, compact]) {
        const [first = ''] = splitSentences(summary);
        expect(continuesEnumeration(first), first).toBe(false);
        // A symbol font's bullet read as its letter, glued to the sentence.
        expect(summary).not.toMatch(/(?:^|[.!?] )[gunlq] ?(?=\p{Lu}\p{Ll})/u);
        if (language === 'zh') expect(summary).not.toMatch(zhColumnGap);
      }
    });
  });

  describe('on real reports', () => {
    const cases: { file: string; language: string; about: RegExp }[] = [
      {
        file: 'fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf',
        language: 'en',
        about: /sales|pharmaceutical|growth/i,
      },
      { file: 'fb_COSTCO_2023Q3_EARNINGS.pdf', language: 'en', about: /sales|Costco|members/i },
      { file: 'fb_INTEL_2023Q1_EARNINGS.pdf', language: 'en', about: /revenue|Intel|quarter/i },
      { file: 'cn_broker_note_tebon_688556_2022-07-19.pdf', language: 'zh', about: /金刚线|切割|光伏/ },
      { file: 'cn_quarterly_report_2018Q1_000585_ne_electric.pdf', language: 'zh', about: /公司/ },
      { file: 'fb_PG_E_2023_EARNINGS_dated-2023-05-04.pdf', language: 'en', about: /earnings/i },
      { file: 'fed_monetary_policy_report_excerpt.pdf', language: 'en', about: /inflation|prices|percent/i },
      { file: 'imf_gfsr_oct2025_ch1.pdf', language: 'en', about: /financial|bond|market/i },
      { file: 'cn_annual_report_2020_600201_jinyu_bio.pdf', language: 'zh', about: /疫苗|研发/ },
    ];
    /** Headings of these reports, each printed on lines of its own above a paragraph. */
    const headings = [
      'Wage growth remains elevated but has slowed',
      'domestic demand remained solid',
      'Asset Prices Rebound and Volatility Subsides',
      '研发模式公司',
      '研发平台优势公司',
      '√',
      '□',
    ];
    it.each(cases)(
      '$file: sentences of the report itself, on its subject, no boilerplate',
      async ({ file, language, about }) => {
        const pdf = await corpus.read('reports', file, { maxPages: 500 });
        const summary = extractiveSummary(pdf.pages, language);
        expect(summary.standard.length).toBeGreaterThan(100);
        expect(summary.standard).toMatch(about);
        expect(summary.standard).not.toMatch(/forward-looking statements|免责声明|仅供参考/i);
        const text = flat(pdf.pages.join(''));
        // The points the web shows: each is one whole sentence of the report that the summary
        // chose, never a number's fragment ("10." and "1%") nor a heading, and a Chinese one ends
        // at its only 。！？；.
        const points = splitSentences(summary.standard);
        expect(points.length).toBeGreaterThanOrEqual(2);
        for (const point of points) {
          expect(text).toContain(flat(point));
          expect(isCandidate(point), point).toBe(true);
          expect(point).not.toMatch(/^[\d.,%$()\s-]+$|^\d+(?:\.\d+)?%/);
          for (const heading of headings) expect(point).not.toContain(heading);
          if (language === 'zh')
            expect(point.replace(/["”’)）」』】]+$/, '').slice(0, -1)).not.toMatch(/[。！？；]/);
        }
        expect(flat(summary.standard)).toContain(flat(summary.compact).slice(0, 40));
        expect(summary.compact.length).toBeLessThan(summary.standard.length);
      },
    );
  });
});
