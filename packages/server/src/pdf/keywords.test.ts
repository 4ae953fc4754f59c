import { describe, expect, it } from 'vitest';
import { generateDemoReport } from '../demo/index.js';
import { topKeywords } from './keywords.js';
import { readPdf } from './read-pdf.js';
import { readCorpusFile } from './test-corpus.js';

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
    const pdf = await readPdf(readCorpusFile('reports', file), { maxPages: 500 });
    const keywords = topKeywords(pdf.pages.join('\n\n'), language, 12);
    expect(keywords.length).toBeGreaterThanOrEqual(8);
    for (const k of keywords) expect(k, keywords.join(' | ')).not.toMatch(AXIS_LABEL);
    expect(keywords.join(' ')).not.toMatch(/haver/i);
  });
});
