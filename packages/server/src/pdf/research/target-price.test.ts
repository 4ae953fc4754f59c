import { describe, expect, it } from 'vitest';
import { findCoverTarget, parseAmount } from './target-price.js';

const read = (page: string) => findCoverTarget(page.split('\n'));

describe('target price', () => {
  it('reads amounts with the currency marks brokers print', () => {
    expect(parseAmount('HK$690.00')).toEqual({ value: 690, currency: 'HKD', printed: 'HK$690.00' });
    expect(parseAmount('5,600 TWD')).toMatchObject({ value: 5600, currency: 'TWD' });
    expect(parseAmount('Won3,000,000')).toMatchObject({ value: 3_000_000, currency: 'KRW' });
    expect(parseAmount('Won3.00m')).toMatchObject({ value: 3_000_000, currency: 'KRW' });
    expect(parseAmount('US$12.5')).toMatchObject({ value: 12.5, currency: 'USD' });
    expect(parseAmount('NT$5,600')).toMatchObject({ value: 5600, currency: 'TWD' });
    expect(parseAmount('Rmb35.60')).toMatchObject({ value: 35.6, currency: 'CNY' });
    expect(parseAmount('166港元')).toMatchObject({ value: 166, currency: 'HKD' });
    expect(parseAmount('35.6元')).toMatchObject({ value: 35.6, currency: 'CNY' });
    expect(parseAmount('12.50')).toMatchObject({ value: 12.5, currency: null });
    expect(parseAmount('12.50', 'CNY')).toMatchObject({ currency: 'CNY' });
  });

  it('reads a labelled target and the prior one beside it', () => {
    expect(read('Price Target (Dec-26): HK$690.00\nPrior (Dec-26): HK$750.00')).toMatchObject({
      target: { value: 690, currency: 'HKD' },
      previous: { value: 750 },
    });
    expect(read('Target Price HK$750.00\n(Previous TP HK$760.00)')).toMatchObject({
      target: { value: 750 },
      previous: { value: 760 },
    });
    expect(read('12m price target Won3,000,000\nPrior : Won3,200,000')).toMatchObject({
      target: { value: 3_000_000, currency: 'KRW' },
      previous: { value: 3_200_000 },
    });
    expect(read('Price target - 12mth (CNY) 12.50')).toMatchObject({
      target: { value: 12.5, currency: 'CNY' },
    });
    expect(read('Rating Change: BUY | PO: 5,600 TWD | Price: 4,345 TWD')).toMatchObject({
      target: { value: 5600, currency: 'TWD' },
    });
    expect(read('Fair Value Estimate\n170.00 USD')).toMatchObject({
      target: { value: 170, currency: 'USD' },
    });
  });

  it('reads a label alone on its line with the amounts below, "from" marking the previous', () => {
    expect(read('Target price\nReduced from\nHKD 775.00\nHKD 727.00\nClosing price')).toMatchObject({
      target: { value: 727, currency: 'HKD' },
      previous: { value: 775 },
    });
  });

  it('reads a header row over a row of values', () => {
    expect(read('TARGET PRICE (TWD) PREVIOUS TARGET (TWD)\n3350.00 2800.00')).toMatchObject({
      target: { value: 3350, currency: 'TWD' },
      previous: { value: 2800, currency: 'TWD' },
    });
  });

  it('prefers the data box to a sentence that mentions the target first', () => {
    expect(
      read('Valuation: PT Won3.00m from Won3.20m; maintain Buy\n12m price target Won3,000,000'),
    ).toMatchObject({ target: { value: 3_000_000, printed: 'Won3,000,000' } });
  });

  it('reads Chinese labels', () => {
    expect(read('目标价：166港元')).toMatchObject({ target: { value: 166, currency: 'HKD' } });
    expect(read('目标价格(元)：35.60\n上次目标价(元)：30.00')).toMatchObject({
      target: { value: 35.6, currency: 'CNY' },
      previous: { value: 30 },
    });
    expect(read('6个月目标价 42.5元')).toMatchObject({ target: { value: 42.5, currency: 'CNY' } });
  });

  it('finds none where none is printed', () => {
    expect(read('Target Price --------\nCurrent price 82.42')).toEqual({ target: null, previous: null });
    expect(read('当前价格(元)：82.42')).toEqual({ target: null, previous: null });
  });

  it('reads a table of changes under a "From To" header: the later column is the target', () => {
    expect(
      read(
        'What’s Changed\nZentra Inc. (ZNT.O) From To\nRating Equal-weight Underweight\nPrice Target $365.00 $240.00',
      ),
    ).toMatchObject({
      target: { value: 240, currency: 'USD' },
      previous: { value: 365 },
    });
    // Without such a header, the first amount beside the label is the target.
    expect(read('Price Target $240.00 $365.00')).toMatchObject({ target: { value: 240 } });
  });

  it('reads 合理价值 as a Chinese note’s target', () => {
    expect(read('当前价格 42.26 元\n合理价值 47.91 元')).toMatchObject({
      target: { value: 47.91, currency: 'CNY' },
    });
  });

  it('says which line or table cell each amount was read from', () => {
    const lines = (text: string) => findCoverTarget(text.split('\n')).sources;
    expect(lines('Price Target (Dec-26): HK$690.00\nPrior (Dec-26): HK$750.00')).toEqual({
      target: { page: 1, text: 'Price Target (Dec-26): HK$690.00' },
      previous: { page: 1, text: 'Prior (Dec-26): HK$750.00' },
    });
    expect(lines('TARGET PRICE (TWD) PREVIOUS TARGET (TWD)\n3350.00 2800.00')).toEqual({
      target: { page: 1, text: 'TARGET PRICE (TWD) PREVIOUS TARGET (TWD) 3350.00 2800.00' },
      previous: { page: 1, text: 'TARGET PRICE (TWD) PREVIOUS TARGET (TWD) 3350.00 2800.00' },
    });
    // In prose, not a data box: a guess.
    expect(lines('Valuation: PT Won3.00m from Won3.20m; maintain Buy')).toEqual({
      target: { page: 1, text: 'Valuation: PT Won3.00m from Won3.20m; maintain Buy', unsure: true },
      previous: { page: 1, text: 'Valuation: PT Won3.00m from Won3.20m; maintain Buy', unsure: true },
    });
  });
});
