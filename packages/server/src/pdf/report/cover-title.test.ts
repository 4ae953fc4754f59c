import { describe, expect, it } from 'vitest';
import { coverTitle } from './cover-title.js';
import { pageOf } from './test-layout.js';

const BODY: [string, number, number, number][] = [
  ['The quarter showed AI monetization in existing operations and a broader agentic', 10, 86, 560],
  ['product strategy, a profitable and increasingly strategic cloud position, in our view.', 10, 86, 548],
  ['We trim our estimates by 3% and keep our rating on a lower target price.', 10, 86, 536],
];

describe('coverTitle', () => {
  it('reads the headline under the covered company and ticker, not the desk, e-mail or disclaimer', () => {
    const page = pageOf([
      ['Asia Pacific Equity Research', 9, 430, 762],
      ['Lindsay.Tyler@morganstanley.com +1 212 761-2734', 22, 86, 730],
      ['Zentra Holdings (4821 HK)', 20, 87, 689],
      ['Overweight', 14, 429, 701],
      ['Margins turn the corner; raising estimates', 13, 87, 666],
      ['into the next upcycle', 13, 87, 651],
      ...BODY,
      ['See page 8 for analyst certification and important disclosures.', 11, 86, 73],
    ]);
    expect(coverTitle(page)).toBe('Margins turn the corner; raising estimates into the next upcycle');
  });

  it('joins a Chinese title and its subtitle with ——, without the series line or the footer', () => {
    const page = pageOf([
      ['证券研究报告•宏观报告', 10, 40, 800],
      ['出口韧性仍在，内需修复待加力', 22, 120, 715],
      ['——2024 年 1 月经济数据点评', 16, 260, 685],
      ['本月工业增加值同比增长，消费增速回落，投资结构继续分化，后续政策仍需发力。', 10.5, 40, 640],
      ['出口方面，机电产品与高新技术产品出口增速回升，对东盟出口保持较快增长。', 10.5, 40, 625],
      ['请务必参阅正文后面的信息披露和法律声明 1 / 12', 9, 200, 30],
    ]);
    expect(coverTitle(page)).toBe('出口韧性仍在，内需修复待加力——2024年1月经济数据点评');
  });

  it('finds no title on a page of body text', () => {
    expect(coverTitle(pageOf(BODY))).toBeNull();
  });

  it('joins a Chinese subtitle that opens with a single dash', () => {
    const page = pageOf([
      ['公司研究/深度报告', 10, 40, 800],
      ['云为王：剑指全球酒店市场', 20, 60, 730],
      ['—远景信息（002999）公司深度报告', 14, 250, 705],
      ['本月工业增加值同比增长，消费增速回落，投资结构继续分化，后续政策仍需发力。', 10.5, 40, 640],
      ['出口方面，机电产品与高新技术产品出口增速回升，对东盟出口保持较快增长。', 10.5, 40, 625],
    ]);
    expect(coverTitle(page)).toBe('云为王：剑指全球酒店市场——远景信息（002999）公司深度报告');
  });

  it('never takes a data-box line for the title, and reads the point under a byline when only the company is large', () => {
    const header = pageOf([
      ['Target price: HKD725.00 (from HKD725.00)', 16, 40, 780],
      ['Solid results with faster AI moves', 14, 40, 740],
      ...BODY,
    ]);
    expect(coverTitle(header)).toBe('Solid results with faster AI moves');
    const byline = pageOf([
      ['ZENTRA HEALTH GROUP INC', 23, 325, 736],
      ["Analyst's Notes", 16, 36, 640],
      ['Analysis by Jane Whitfield, April 17, 2025', 9, 36, 623],
      ['ARGUS RATING: HOLD', 9, 36, 611],
      ['• Downgrading to HOLD', 9, 48, 593],
      ['• Zentra cut its 2025 guidance amid a jump in medical costs in its group business', 9, 48, 580],
      ...BODY,
    ]);
    expect(coverTitle(byline)).toBe('Downgrading to HOLD');
  });

  it('never takes the firm’s legal name under its desk for the title', () => {
    const page = pageOf([
      ['Research Department Zenith Securities Co., Ltd.', 18, 40, 790],
      ['Margins turn the corner on exports', 14, 40, 740],
      ...BODY,
    ]);
    expect(coverTitle(page)).toBe('Margins turn the corner on exports');
  });

  it('reads a Chinese headline set in two lines as one title', () => {
    const page = pageOf([
      ['证券研究报告 | 公司深度', 10, 40, 800],
      ['行业景气度上行+市占率提升，', 20, 40, 740],
      ['会不会是下一个龙头？', 20, 40, 716],
      ['本月工业增加值同比增长，消费增速回落，投资结构继续分化，后续政策仍需发力。', 10.5, 40, 640],
      ['出口方面，机电产品与高新技术产品出口增速回升，对东盟出口保持较快增长。', 10.5, 40, 625],
    ]);
    expect(coverTitle(page)).toBe('行业景气度上行+市占率提升，会不会是下一个龙头？');
  });
});
