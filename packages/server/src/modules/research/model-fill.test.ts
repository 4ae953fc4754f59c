import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockInformation } from '@rl/contract';
import { createLlmClient, type LlmClient } from '../../platform/llm.js';
import { startFakeLlm, type FakeLlm } from '../../../test/fake-llm-server.js';
import { fillResearchWithModel } from './model-fill.js';

const NOTE = [
  'Kweichow Moutai (600519 CH)\nRating: Buy (maintained)\nPrice target: CNY 2,100.00 (was CNY 1,950.00)\nSector: Food & Beverage',
  'Moutai keeps its pricing power. Wuliangye (000858 CH) trails.',
];

let answer = '';
let fake: FakeLlm;
let llm: LlmClient;
beforeAll(async () => {
  fake = await startFakeLlm({ reply: () => answer });
  llm = createLlmClient({ baseUrl: fake.url, model: 'fake', maxRetries: 0 })!;
});
afterAll(() => fake.close());

const company = (over: Record<string, unknown>) => ({
  ticker: '600519 CH',
  company_name: 'Kweichow Moutai',
  rating: 'Buy',
  rating_action: 'maintain',
  previous_rating: null,
  target_price: 2100,
  currency: 'CNY',
  previous_target_price: 1950,
  ...over,
});
const read: StockInformation = {
  ticker: '600519.SH',
  company_name: 'Kweichow Moutai',
  rating: 'Buy',
  target_price: null,
  rating_normalised: 'buy',
  rating_action: null,
  target_price_value: null,
  currency: null,
  previous_target_price: null,
};

describe('the model fills what the rules left empty', () => {
  it('fills empty fields with values the note prints, asking for JSON by schema', async () => {
    answer = JSON.stringify({ companies: [company({ rating: 'Sell' })], sector: 'consumer_staples' });
    const r = await fillResearchWithModel(llm, { pages: NOTE, read: [read], sector: null });
    expect(fake.requests.at(-1)?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'research_note' },
    });
    expect(r.changed).toBe(true);
    expect(r.sector).toBe('consumer_staples');
    expect(r.stockInformation).toEqual([
      expect.objectContaining({
        ticker: '600519.SH',
        // The rules read Buy: the model's Sell never replaces it.
        rating: 'Buy',
        rating_normalised: 'buy',
        rating_action: 'maintain',
        target_price_value: 2100,
        currency: 'CNY',
        previous_target_price: 1950,
      }),
    ]);
  });

  it('drops what the note does not print: an invented ticker, rating or target', async () => {
    answer = JSON.stringify({
      companies: [
        company({ ticker: 'AAPL US' }),
        company({ ticker: '000858 CH', rating: 'Outperform', target_price: 180 }),
      ],
      sector: 'not a sector',
    });
    const r = await fillResearchWithModel(llm, { pages: NOTE, read: [], sector: null });
    expect(r.sector).toBeNull();
    expect(r.stockInformation).toHaveLength(1);
    expect(r.stockInformation[0]).toMatchObject({ ticker: '000858.SZ', rating: null });
    expect(r.stockInformation[0]?.target_price_value ?? null).toBeNull();
  });

  it('changes nothing on an answer that is not the JSON asked for', async () => {
    answer = 'Sorry, I cannot help with that.';
    const r = await fillResearchWithModel(llm, { pages: NOTE, read: [read], sector: 'consumer_staples' });
    expect(r).toMatchObject({ changed: false, stockInformation: [read], sector: 'consumer_staples' });
  });
});
