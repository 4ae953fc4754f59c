import type { StockInformation } from '@rl/contract';
import { describe, expect, it } from 'vitest';
import { companyCorrectionsOf, emptyCompany, researchChanges, researchValuesOf } from './company-corrections';

const READ: StockInformation = {
  ticker: '0700.HK',
  company_name: 'Tencent',
  rating: 'Overweight',
  target_price: 'HK$690.00',
  printed_ticker: '700 HK',
  exchange: 'HK',
  rating_normalised: 'outperform',
  rating_action: 'maintain',
  previous_rating: null,
  target_price_value: 690,
  currency: 'HKD',
  previous_target_price: 650,
  sector: 'internet_media',
};
const file = { stock_information: [READ], sector: 'internet_media' as const };

describe('a note’s companies and sector as a person corrects them', () => {
  it('reads the stored companies into the editor, empty texts for what the reading lacks', () => {
    expect(
      researchValuesOf({ stock_information: [{ ...READ, ticker: null, rating: null }], sector: null }),
    ).toEqual({
      companies: [
        {
          ticker: '',
          company_name: 'Tencent',
          rating: '',
          rating_normalised: 'outperform',
          rating_action: 'maintain',
          previous_rating: '',
          target_price_value: 690,
          currency: 'HKD',
          previous_target_price: 650,
        },
      ],
      sector: null,
    });
  });

  it('sends nothing when neither the companies nor the sector changed', () => {
    expect(researchChanges(file, researchValuesOf(file))).toEqual({});
  });

  it('sends the whole list when one field of one company changed: trimmed, codes in capitals, blanks as null', () => {
    const values = researchValuesOf(file);
    values.companies[0] = {
      ...values.companies[0]!,
      rating: ' Buy ',
      rating_normalised: 'buy',
      currency: 'hkd',
    };
    values.companies.push({ ...emptyCompany(), ticker: ' 600519.sh ', company_name: ' 贵州茅台 ' });
    expect(researchChanges(file, values)).toEqual({
      stock_information: [
        {
          ticker: '0700.HK',
          company_name: 'Tencent',
          rating: 'Buy',
          rating_normalised: 'buy',
          rating_action: 'maintain',
          previous_rating: null,
          target_price_value: 690,
          currency: 'HKD',
          previous_target_price: 650,
        },
        {
          ticker: '600519.SH',
          company_name: '贵州茅台',
          rating: null,
          rating_normalised: null,
          rating_action: null,
          previous_rating: null,
          target_price_value: null,
          currency: null,
          previous_target_price: null,
        },
      ],
    });
  });

  it('sends an emptied list as [] and a cleared sector as null', () => {
    expect(researchChanges(file, { companies: [], sector: undefined })).toEqual({
      stock_information: [],
      sector: null,
    });
  });

  it('sends a changed sector alone', () => {
    expect(researchChanges(file, { ...researchValuesOf(file), sector: 'software' })).toEqual({
      sector: 'software',
    });
  });

  it('writes a company without any text given as its ticker alone', () => {
    expect(companyCorrectionsOf([{ ...emptyCompany(), ticker: 'aapl.us' }])).toEqual([
      expect.objectContaining({ ticker: 'AAPL.US', company_name: null, currency: null }),
    ]);
  });
});
