import { describe, expect, it } from 'vitest';
import { inferMetadata } from './infer-metadata.js';
import type { ExtractedPdf } from './types.js';

/*
 * Reports made for the library (the demo corpus): a complete info dictionary and a cover page whose
 * lines are issuer / `type | asset class | country` / title / date / analysts / [stock line].
 */

const EN_COVER = `Huatai Vista Securities

Company Update | Equities | Japan
Toyota Motor: hybrids carry the margin
12 March 2024
Analysts: Jane Doe, John Roe
Ticker: 7203 JP Rating: Buy Target price: JPY 3,200

Key points
• Hybrid mix lifts operating margin to 11.2%, the best in the sector.
• We raise our target price to JPY 3,200 and keep our Buy rating on Toyota Motor.`;

const EN_BODY = `Valuation
Toyota Motor trades at 9.8x forward earnings. Hybrid demand keeps margins high while battery costs fall.
Company Ticker Rating P/E FY1 (x)
Toyota Motor 7203 JP Buy 9.8
Honda Motor 7267 JP Hold 8.1
Hybrid volumes and hybrid margins drive our earnings estimates; the yen is a tailwind for margins.`;

const ZH_COVER = `华泰远景证券

公司深度报告 | Equities | China
贵州茅台：高端白酒龙头，业绩稳健增长
2024年3月12日
分析师：张三、李四
股票代码：600519.SH 评级：买入 目标价：1,980元

核心观点
• 我们给予贵州茅台买入评级，目标价1,980元。
• 高端白酒需求稳健，渠道库存健康，业绩有望稳健增长。`;

const ZH_BODY = `估值
公司 代码 评级 市盈率FY1（倍）
贵州茅台 600519.SH 买入 25.3
五粮液 000858.SZ 增持 18.2
白酒行业景气度回升，高端白酒价格稳定，贵州茅台业绩稳健增长。白酒消费升级趋势不变。`;

const enInfo = {
  title: 'Toyota Motor: hybrids carry the margin',
  author: 'Jane Doe, John Roe',
  subject: 'Equities | Japan',
  keywords: 'Autos, hybrids, margins',
  creator: 'Huatai Vista Securities',
  producer: 'Research Library demo generator',
  creationDate: '2024-03-12T00:00:00Z',
};

const pdf = (pages: string[], info: ExtractedPdf['info']): ExtractedPdf => ({
  numPages: pages.length,
  pages,
  info,
  encrypted: false,
});

const today = { today: '2024-06-30' };

describe('inferMetadata on reports in the library layout', () => {
  it('reads an English report from its info dictionary and cover', () => {
    expect(inferMetadata(pdf([EN_COVER, EN_BODY], enInfo), '2024-03-12_toyota.pdf', today)).toEqual({
      title: 'Toyota Motor: hybrids carry the margin',
      issuer: 'Huatai Vista Securities',
      authors: ['Jane Doe', 'John Roe'],
      publishDate: '2024-03-12',
      language: 'en',
      assetClass: 'Equities',
      country: 'Japan',
      tags: ['Autos', 'hybrids', 'margins'],
      keywords: [
        'Autos',
        'hybrids',
        'margins',
        'toyota motor',
        'hybrid',
        'earnings',
        // Not 'JPY': a currency is no topic.
        'margin',
        'price',
      ],
      stockInformation: [
        {
          ticker: '7203.JP',
          company_name: 'Toyota Motor',
          rating: 'Buy',
          target_price: 'JPY 3,200',
          printed_ticker: '7203 JP',
          exchange: 'JP',
          rating_normalised: 'buy',
          rating_action: 'maintain',
          previous_rating: null,
          target_price_value: 3200,
          currency: 'JPY',
          previous_target_price: null,
          sector: null,
          // Where each was printed: the cover's data line; the action in a sentence, a guess.
          sources: {
            ticker: { page: 1, text: 'Ticker: 7203 JP Rating: Buy Target price: JPY 3,200' },
            rating: { page: 1, text: 'Ticker: 7203 JP Rating: Buy Target price: JPY 3,200' },
            rating_normalised: { page: 1, text: 'Ticker: 7203 JP Rating: Buy Target price: JPY 3,200' },
            target_price: { page: 1, text: 'Ticker: 7203 JP Rating: Buy Target price: JPY 3,200' },
            currency: { page: 1, text: 'Ticker: 7203 JP Rating: Buy Target price: JPY 3,200' },
            rating_action: {
              page: 1,
              text: '• We raise our target price to JPY 3,200 and keep our Buy rating on Toyota Motor.',
              unsure: true,
            },
          },
        },
      ],
      sector: null,
      pageCount: 2,
      authorRegistrations: {},
      reportType: 'company',
    });
  });

  it('falls back to the cover when the info dictionary is software debris', () => {
    const debris = {
      title: 'Microsoft Word - doc1.docx',
      author: 'Administrator',
      creator: 'Microsoft® Word 2016',
      producer: 'Microsoft® Word 2016',
      creationDate: '2024-03-11T17:02:00+01:00',
    };
    const meta = inferMetadata(pdf([EN_COVER, EN_BODY], debris), 'doc1.pdf', today);
    expect(meta).toMatchObject({
      title: 'Toyota Motor: hybrids carry the margin',
      issuer: 'Huatai Vista Securities',
      authors: ['Jane Doe', 'John Roe'],
      publishDate: '2024-03-12',
      assetClass: 'Equities',
      country: 'Japan',
      stockInformation: [
        {
          ticker: '7203.JP',
          company_name: 'Toyota Motor',
          rating: 'Buy',
          target_price: 'JPY 3,200',
          printed_ticker: '7203 JP',
          exchange: 'JP',
          rating_normalised: 'buy',
          rating_action: 'maintain',
          previous_rating: null,
          target_price_value: 3200,
          currency: 'JPY',
          previous_target_price: null,
          sector: null,
        },
      ],
    });
    expect(meta.tags).toHaveLength(3);
  });

  it('reads a Chinese report', () => {
    const info = {
      title: '贵州茅台：高端白酒龙头，业绩稳健增长',
      author: '张三, 李四',
      subject: 'Equities | China',
      keywords: '白酒, 消费升级, 业绩',
      creator: '华泰远景证券',
      producer: 'Research Library demo generator',
      creationDate: '2024-03-12T00:00:00Z',
    };
    expect(inferMetadata(pdf([ZH_COVER, ZH_BODY], info), '2024-03-12_贵州茅台.pdf', today)).toEqual({
      title: '贵州茅台：高端白酒龙头，业绩稳健增长',
      issuer: '华泰远景证券',
      authors: ['张三', '李四'],
      publishDate: '2024-03-12',
      language: 'zh',
      assetClass: 'Equities',
      country: 'China',
      tags: ['白酒', '消费升级', '业绩'],
      // The valuation table's row "贵州茅台 600519.SH 买入 25.3" counts for no keyword: 增长 ties 茅台 and 贵州.
      keywords: ['白酒', '消费升级', '业绩', '稳健', '增长', '茅台', '贵州'],
      stockInformation: [
        {
          ticker: '600519.SH',
          company_name: '贵州茅台',
          rating: '买入',
          target_price: '1,980元',
          printed_ticker: '600519.SH',
          exchange: 'SH',
          rating_normalised: 'buy',
          rating_action: null,
          previous_rating: null,
          target_price_value: 1980,
          currency: 'CNY',
          previous_target_price: null,
          sector: null,
          // Where each was printed: the cover's data line; the action in a sentence, a guess.
          sources: {
            ticker: { page: 1, text: '股票代码：600519.SH 评级：买入 目标价：1,980元' },
            rating: { page: 1, text: '股票代码：600519.SH 评级：买入 目标价：1,980元' },
            rating_normalised: { page: 1, text: '股票代码：600519.SH 评级：买入 目标价：1,980元' },
            target_price: { page: 1, text: '股票代码：600519.SH 评级：买入 目标价：1,980元' },
            currency: { page: 1, text: '股票代码：600519.SH 评级：买入 目标价：1,980元' },
          },
        },
      ],
      sector: null,
      pageCount: 2,
      authorRegistrations: {},
      reportType: 'company',
    });
  });

  it('never returns a publication date after today', () => {
    const meta = inferMetadata(pdf([EN_COVER, EN_BODY], enInfo), 'toyota.pdf', { today: '2024-03-01' });
    expect(meta.publishDate).toBeNull();
  });

  it('still fills every field for a page with next to no text', () => {
    expect(inferMetadata(pdf(['Hello'], {}), 'uploads/q3_notes.pdf', today)).toEqual({
      title: 'q3 notes',
      issuer: '',
      authors: [],
      publishDate: null,
      language: 'en',
      assetClass: 'Economics',
      country: 'Global',
      tags: ['Economics', 'Global', 'Research'],
      keywords: [],
      stockInformation: [],
      sector: null,
      pageCount: 1,
      authorRegistrations: {},
      reportType: 'other',
    });
  });

  it('uses the info Subject for asset class and country, and pads too few tags to three', () => {
    const macro = `Northbridge Research\n\nMacro Note | Economics | EU\nEuro area: the slow thaw\n4 June 2024\nAnalysts: Ana Silva`;
    const meta = inferMetadata(
      pdf(
        [
          macro,
          'Inflation in the euro area keeps falling; the ECB can cut. Inflation expectations are anchored.',
        ],
        {
          subject: 'Rates | EU',
          keywords: 'ECB',
        },
      ),
      'thaw.pdf',
      today,
    );
    expect(meta).toMatchObject({ title: 'Euro area: the slow thaw', assetClass: 'Rates', country: 'EU' });
    expect(meta.tags[0]).toBe('ECB');
    expect(meta.tags).toHaveLength(3);
    expect(meta.stockInformation).toEqual([]);
  });
});
