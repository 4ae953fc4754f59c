import { describe, expect, it } from 'vitest';
import type { DocumentIdentity } from './identify-document.js';
import { findStockInformation } from './stock-info.js';

const note: DocumentIdentity = { kind: 'broker_note', issuer: null, title: null, type: null };
const other: DocumentIdentity = { kind: 'other', issuer: null, title: null, type: null };
const read = (page: string, identity = note) => findStockInformation([page], identity);

/* Cover layouts common to broker notes, written here in the shapes brokers print them. */
describe('research data of a note cover', () => {
  it('reads a US-style rating box with the label above each value', () => {
    const cover = [
      'Apple Inc. (AAPL.O, AAPL US)',
      'Services keep the margin up',
      'Stock Rating',
      'Overweight',
      'Industry View',
      'Attractive',
      'Price Target',
      '$250.00',
      'Shr Price, close (Jul 27, 2026) $201.10',
    ].join('\n');
    expect(read(cover, other)).toEqual([
      expect.objectContaining({
        ticker: 'AAPL.US',
        printed_ticker: 'AAPL.O, AAPL US',
        exchange: 'US',
        company_name: 'Apple Inc.',
        rating: 'Overweight',
        rating_normalised: 'outperform',
        target_price: '$250.00',
        target_price_value: 250,
        currency: 'USD',
      }),
    ]);
  });

  it('reads a Chinese A-share note: rating, previous rating and a target without a currency mark', () => {
    const cover = [
      '贵州茅台（600519）',
      '评级： 增持',
      '上次评级： 买入',
      '目标价格： 1,980.00',
      '当前价格： 1,520.00',
      '所属行业：食品饮料',
    ].join('\n');
    expect(read(cover)).toEqual([
      expect.objectContaining({
        ticker: '600519.SH',
        printed_ticker: '600519',
        company_name: '贵州茅台',
        rating: '增持',
        previous_rating: '买入',
        rating_action: 'downgrade',
        target_price_value: 1980,
        currency: 'CNY',
        sector: 'consumer_staples',
      }),
    ]);
  });

  it('reads a Hong Kong stock in a Chinese note, its target in 港元', () => {
    const cover = ['腾讯控股（00700.HK）', '买入（维持）', '目标价：166港元', '所属行业：传媒'].join('\n');
    expect(read(cover)).toEqual([
      expect.objectContaining({
        ticker: '0700.HK',
        rating: '买入',
        rating_normalised: 'buy',
        rating_action: 'maintain',
        target_price: '166港元',
        target_price_value: 166,
        currency: 'HKD',
        sector: 'internet_media',
      }),
    ]);
  });

  it('reads an initiation with a broker step number', () => {
    const cover = [
      'Toyota Motor (7203 JP)',
      'Initiating coverage with Buy (1)',
      'Rating: Buy (1)',
      'Target price: ¥3,600',
      'Autos',
    ].join('\n');
    expect(read(cover)).toEqual([
      expect.objectContaining({
        ticker: '7203.JP',
        rating: 'Buy',
        rating_normalised: 'buy',
        rating_action: 'initiate',
        target_price_value: 3600,
        currency: 'JPY',
        sector: 'autos',
      }),
    ]);
  });

  it('reads a bare dollar sign as the listing currency', () => {
    const cover = ['AIA Group (1299 HK)', 'Rating: Buy', 'Target price: $98.00', 'Insurance'].join('\n');
    expect(read(cover)[0]).toMatchObject({ ticker: '1299.HK', currency: 'HKD', sector: 'insurance' });
  });

  it('gives no single rating or target to a note about several companies', () => {
    const cover = ['Reuters: 0700.HK', 'Bloomberg: 9988 HK', 'Rating: Buy', 'Target price: HK$700'].join(
      '\n',
    );
    const found = read(cover);
    expect(found.map((s) => s.ticker)).toEqual(['0700.HK', '9988.HK']);
    for (const s of found) expect(s).toMatchObject({ rating: null, target_price: null });
  });

  it('finds nothing in a document without a ticker on its cover', () => {
    expect(
      read('Global outlook\nWe expect rates to stay higher.\nRating agencies remain cautious.', other),
    ).toEqual([]);
  });

  it('keeps SEC filings and releases as they were read before', () => {
    const sec: DocumentIdentity = { kind: 'sec_filing', issuer: 'PepsiCo, Inc.', title: null, type: null };
    const cover = 'Common Stock, par value 1-2/3 cents per share PEP The Nasdaq Stock Market LLC';
    expect(findStockInformation([cover], sec)).toEqual([
      { ticker: 'PEP', company_name: 'PepsiCo, Inc.', rating: null, target_price: null },
    ]);
  });
});
