import {
  RATING_ACTIONS,
  SECTOR_IDS,
  type RatingAction,
  type SectorId,
  type StockInformation,
} from '@rl/contract';
import type { LlmClient, TokenUsage } from '../../platform/llm.js';
import { normaliseRating } from '../../pdf/research/rating-vocabulary.js';
import { parseTicker } from '../../pdf/research/ticker.js';

/**
 * The model's pass over a note's research data: one structured-extraction call (a JSON schema)
 * that fills what the rules left empty. The rules stay the offline baseline: a value they read is
 * never replaced, and the model's values are kept only when the note prints them (its ticker, its
 * rating word, its target's digits), so a value the model invents is dropped.
 */

/** The opening of a note the model reads: where the rating box and the cover are. */
const OPENING_CHARS = 6000;

const nullable = (type: string) => ({ type: [type, 'null'] });
export const RESEARCH_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['companies', 'sector'],
  properties: {
    companies: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'ticker',
          'company_name',
          'rating',
          'rating_action',
          'previous_rating',
          'target_price',
          'currency',
          'previous_target_price',
        ],
        properties: {
          ticker: { type: 'string', description: 'as printed, e.g. "600519 CH", "0700.HK", "AAPL US"' },
          company_name: nullable('string'),
          rating: { ...nullable('string'), description: 'the rating word as printed' },
          rating_action: { type: ['string', 'null'], enum: [...RATING_ACTIONS, null] },
          previous_rating: nullable('string'),
          target_price: nullable('number'),
          currency: { ...nullable('string'), description: 'ISO 4217' },
          previous_target_price: nullable('number'),
        },
      },
    },
    sector: { type: ['string', 'null'], enum: [...SECTOR_IDS, null] },
  },
} as const;

const SYSTEM =
  "You read the opening of a broker's research note and return, as JSON, the companies it rates " +
  '(ticker as printed, name, rating word as printed, rating action, previous rating, target price ' +
  'and its currency, previous target) and its sector from the given list. Use null for anything ' +
  'the text does not print. Never guess.';

interface ModelCompany {
  ticker: string;
  company_name: string | null;
  rating: string | null;
  rating_action: string | null;
  previous_rating: string | null;
  target_price: number | null;
  currency: string | null;
  previous_target_price: number | null;
}

/** The number as a note may print it: `2,100`, `2100`, `2100.00`. */
const printsNumber = (text: string, n: number) => {
  const plain = text.replace(/(\d),(?=\d{3})/g, '$1');
  return new RegExp(`(?<![\\d.])${String(n).replace('.', '\\.')}(?:\\.0+)?(?![\\d])`).test(plain);
};

function parseAnswer(text: string): { companies: ModelCompany[]; sector: string | null } | null {
  try {
    const v = JSON.parse(text) as { companies?: unknown; sector?: unknown };
    if (!Array.isArray(v.companies)) return null;
    return {
      companies: v.companies.filter(
        (c): c is ModelCompany =>
          typeof c === 'object' && c !== null && typeof (c as ModelCompany).ticker === 'string',
      ),
      sector: typeof v.sector === 'string' ? v.sector : null,
    };
  } catch {
    return null;
  }
}

/** What the model read of a company, kept only where the note prints it. */
function checked(c: ModelCompany, opening: string): (Partial<StockInformation> & { ticker: string }) | null {
  const ticker = parseTicker(c.ticker);
  if (!ticker || !opening.includes(c.ticker.trim())) return null;
  const rating = c.rating && opening.includes(c.rating) ? c.rating : null;
  const number = (n: number | null) =>
    typeof n === 'number' && n > 0 && printsNumber(opening, n) ? n : null;
  return {
    ticker: ticker.canonical,
    printed_ticker: c.ticker.trim(),
    exchange: ticker.exchange,
    company_name: c.company_name && opening.includes(c.company_name) ? c.company_name : null,
    rating,
    rating_normalised: rating ? normaliseRating(rating) : null,
    rating_action: (RATING_ACTIONS as readonly string[]).includes(c.rating_action ?? '')
      ? (c.rating_action as RatingAction)
      : null,
    previous_rating: c.previous_rating && opening.includes(c.previous_rating) ? c.previous_rating : null,
    target_price_value: number(c.target_price),
    currency: c.currency && /^[A-Z]{3}$/.test(c.currency) ? c.currency : null,
    previous_target_price: number(c.previous_target_price),
  };
}

/** The rules' value where they read one, else the model's. */
function fillEmpty(read: StockInformation, model: Partial<StockInformation>): StockInformation {
  const out: StockInformation = { ...read };
  for (const [key, value] of Object.entries(model) as [keyof StockInformation, unknown][]) {
    if ((out[key] === null || out[key] === undefined) && value !== null && value !== undefined)
      Object.assign(out, { [key]: value });
  }
  if (out.target_price === null && out.target_price_value != null)
    out.target_price = `${out.target_price_value}${out.currency ? ` ${out.currency}` : ''}`;
  return out;
}

export interface ModelFill {
  stockInformation: StockInformation[];
  sector: SectorId | null;
  changed: boolean;
  usage: TokenUsage;
}

/** One structured-extraction call over the note's opening, merged under what the rules read. */
export async function fillResearchWithModel(
  llm: LlmClient,
  input: { pages: readonly string[]; read: readonly StockInformation[]; sector: SectorId | null },
): Promise<ModelFill> {
  const opening = input.pages.slice(0, 2).join('\n').slice(0, OPENING_CHARS);
  const answer = await llm.complete(
    [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Sectors: ${SECTOR_IDS.join(', ')}\n\nNote:\n${opening}` },
    ],
    { temperature: 0, maxTokens: 800, jsonSchema: { name: 'research_note', schema: RESEARCH_SCHEMA } },
  );
  const parsed = parseAnswer(answer.text);
  const same = {
    stockInformation: [...input.read],
    sector: input.sector,
    changed: false,
    usage: answer.usage,
  };
  if (!parsed) return same;
  const found = parsed.companies.map((c) => checked(c, opening)).filter((c) => c !== null);
  const byTicker = new Map(found.map((c) => [c.ticker, c]));
  const stockInformation =
    input.read.length > 0
      ? input.read.map((r) =>
          r.ticker && byTicker.get(r.ticker) ? fillEmpty(r, byTicker.get(r.ticker)!) : r,
        )
      : found.map((c) =>
          fillEmpty({ ticker: c.ticker, company_name: null, rating: null, target_price: null }, c),
        );
  const sector =
    input.sector ??
    ((SECTOR_IDS as readonly string[]).includes(parsed.sector ?? '') ? (parsed.sector as SectorId) : null);
  const changed = sector !== input.sector || JSON.stringify(stockInformation) !== JSON.stringify(input.read);
  return { stockInformation, sector, changed, usage: answer.usage };
}
