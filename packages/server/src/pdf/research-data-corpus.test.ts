import { beforeAll, describe, expect, it } from 'vitest';
import { openCorpusReadings } from '../../test/pdf/corpus-readings.js';
import { identifyDocument } from './identify-document.js';
import { parseTicker, sameTicker } from './research/ticker.js';
import { findStockInformation, type StockInformation } from './stock-info.js';
import {
  corpusFiles,
  readResearchManifest,
  RULES_WRITTEN_FROM,
  type ResearchLabels,
} from '../../test/pdf/test-corpus.js';

/*
 * Research data read from real broker notes (tickers, rating, action, target price and currency),
 * measured against the hand-checked labels of research/MANIFEST.tsv. How a value counts as right:
 * - tickers: the sets of canonical tickers (printed labels canonicalised the same way; a bare
 *   symbol such as `NVDA` matches that symbol on any exchange), counted per ticker;
 * - rating: the printed words, case and spacing aside;
 * - action: initiate / maintain / upgrade / downgrade (`none` and '' are no action);
 * - target: the number (within 0.5 %); currency: the ISO code, where a target is labelled.
 * Figures and floors are in docs/benchmarks.md ("Research data: tickers, ratings, targets").
 */

/** The Chinese company note of reports/, labelled by reading it: 增持（维持）; it prints no target (82.42 is 当前价格). */
const TEBON: ResearchLabels = {
  file: 'cn_broker_note_tebon_688556_2022-07-19.pdf',
  language: 'zh',
  pages: 4,
  broker: '德邦证券',
  reportType: 'company',
  publishDate: '2022-07-19',
  tickers: ['688556.SH'],
  companies: ['高测股份'],
  rating: '增持',
  ratingAction: 'maintain',
  targetPrice: '',
  currency: '',
  analysts: ['倪正洋', '杨云逍'],
  title: '高测股份（688556.SH）：扩产4000万公里金刚线，强化光伏硅片切割三元布局',
};

interface Floor {
  precision: number;
  recall: number;
}
const FLOORS: Record<Field, Floor> = {
  tickers: { precision: 0.95, recall: 0.95 },
  rating: { precision: 0.95, recall: 0.88 },
  action: { precision: 0.95, recall: 0.9 },
  target: { precision: 0.95, recall: 0.95 },
  currency: { precision: 0.95, recall: 0.95 },
};

/** The held-out notes: floors at what they measured when they came, raised as rules land. */
const HELD_OUT_FLOORS: Record<Field, Floor> = {
  tickers: { precision: 0.95, recall: 0.9 },
  rating: { precision: 0.88, recall: 0.8 },
  action: { precision: 0.95, recall: 0.9 },
  target: { precision: 0.95, recall: 0.85 },
  currency: { precision: 0.95, recall: 0.85 },
};

type Field = 'tickers' | 'rating' | 'action' | 'target' | 'currency';
const FIELDS: Field[] = ['tickers', 'rating', 'action', 'target', 'currency'];

interface Count {
  tp: number;
  fp: number;
  fn: number;
}

const labels = [...readResearchManifest(), TEBON];
const found = new Map<string, StockInformation[]>();

beforeAll(async () => {
  const research = new Set(corpusFiles('research'));
  const corpus = openCorpusReadings();
  try {
    await Promise.all(
      labels.map(async ({ file }) => {
        const pdf = await corpus.read(research.has(file) ? 'research' : 'reports', file);
        found.set(file, findStockInformation(pdf.pages, identifyDocument(pdf.pages), pdf.layout));
      }),
    );
  } finally {
    await corpus.close();
  }
}, 300_000);

const ACTIONS = new Set(['initiate', 'maintain', 'upgrade', 'downgrade']);
const sameWords = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

function score(labels: readonly ResearchLabels[]): { counts: Record<Field, Count>; rows: string[] } {
  const counts = Object.fromEntries(FIELDS.map((f) => [f, { tp: 0, fp: 0, fn: 0 }])) as Record<Field, Count>;
  const rows: string[] = [];
  const single = (
    field: Field,
    expected: string | number | null,
    got: string | number | null,
    same: (a: never, b: never) => boolean,
  ) => {
    const c = counts[field];
    if (expected !== null && got !== null && same(expected as never, got as never)) c.tp++;
    else {
      if (got !== null) c.fp++;
      if (expected !== null) c.fn++;
    }
  };
  for (const label of labels) {
    const stocks = found.get(label.file) ?? [];
    const expected = [
      ...new Set(label.tickers.map((t) => parseTicker(t)?.canonical ?? t.trim().toUpperCase())),
    ];
    const got = stocks.map((s) => s.ticker ?? '').filter(Boolean);
    const t = counts.tickers;
    const hit = got.filter((g) => expected.some((e) => sameTicker(e, g)));
    t.tp += hit.length;
    t.fp += got.length - hit.length;
    t.fn += expected.filter((e) => !got.some((g) => sameTicker(e, g))).length;

    const stock = stocks.find((s) => s.rating || s.target_price) ?? stocks[0];
    const target = label.targetPrice ? Number(label.targetPrice) : null;
    single('rating', label.rating || null, stock?.rating ?? null, sameWords);
    single(
      'action',
      ACTIONS.has(label.ratingAction) ? label.ratingAction : null,
      stock?.rating_action ?? null,
      (a: string, b: string) => a === b,
    );
    single(
      'target',
      target,
      stock?.target_price_value ?? null,
      (a: number, b: number) => Math.abs(a - b) <= a * 0.005,
    );
    single(
      'currency',
      target !== null ? label.currency || null : null,
      stock?.currency ?? null,
      (a, b) => a === b,
    );
    rows.push(
      [
        label.file.replace(/\.pdf$/, ''),
        got.join(' ') || '-',
        stock?.company_name ?? '-',
        `${stock?.rating ?? '-'} (${stock?.rating_normalised ?? '-'})`,
        stock?.rating_action ?? '-',
        stock?.previous_rating ?? '-',
        stock?.target_price_value != null ? `${stock.target_price_value} ${stock.currency ?? '?'}` : '-',
        stock?.previous_target_price ?? '-',
        stocks.map((s) => s.sector ?? '-').join(' ') || '-',
      ].join(' | '),
    );
  }
  return { counts, rows };
}

const rate = (n: number, d: number) => (d === 0 ? 1 : n / d);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The notes the rules were written from (and TEBON), or those held out (test-corpus.ts). */
const writtenFrom = labels.filter((l) => l.file === TEBON.file || RULES_WRITTEN_FROM.has(l.file));
const heldOut = labels.filter((l) => !writtenFrom.includes(l));

function expectAboveFloors(part: readonly ResearchLabels[], floors: Record<Field, Floor>): void {
  const { counts, rows } = score(part);
  const table = FIELDS.map((f) => {
    const c = counts[f];
    return `| ${f} | ${c.tp} | ${c.fp} | ${c.fn} | ${pct(rate(c.tp, c.tp + c.fp))} | ${pct(rate(c.tp, c.tp + c.fn))} |`;
  });
  console.log(
    [
      '| field | right | wrong or extra | missed | precision | recall |',
      '|---|---|---|---|---|---|',
      ...table,
      '',
      'file | tickers | company | rating (step) | action | previous rating | target | previous target | sector',
      ...rows,
    ].join('\n'),
  );
  for (const f of FIELDS) {
    const c = counts[f];
    expect.soft(rate(c.tp, c.tp + c.fp), `${f} precision`).toBeGreaterThanOrEqual(floors[f].precision);
    expect.soft(rate(c.tp, c.tp + c.fn), `${f} recall`).toBeGreaterThanOrEqual(floors[f].recall);
  }
}

describe('research data on real broker notes', () => {
  it('reads tickers, ratings, actions and targets at the measured precision and recall', () => {
    expectAboveFloors(writtenFrom, FLOORS);
  });

  it('reads the held-out notes no worse than they were first measured', () => {
    expectAboveFloors(heldOut, HELD_OUT_FLOORS);
  });

  it('finds no company in strategy, macro, credit and quant notes', () => {
    for (const label of labels.filter((l) => ['strategy', 'macro', 'fixed_income'].includes(l.reportType)))
      expect(found.get(label.file), label.file).toEqual([]);
  });

  it('names a company note by its canonical ticker and keeps what the cover prints', () => {
    expect(found.get('en_jpmorgan_tencent_company.pdf')).toEqual([
      expect.objectContaining({
        ticker: '0700.HK',
        printed_ticker: '0700.HK, 700 HK',
        exchange: 'HK',
        company_name: 'Tencent',
        rating: 'Overweight',
        rating_normalised: 'outperform',
        rating_action: 'maintain',
        target_price: 'HK$690.00',
        target_price_value: 690,
        currency: 'HKD',
        previous_target_price: 750,
      }),
    ]);
    expect(found.get(TEBON.file)).toEqual([
      expect.objectContaining({
        ticker: '688556.SH',
        company_name: '高测股份',
        rating: '增持',
        rating_normalised: 'outperform',
        rating_action: 'maintain',
        target_price: null,
        sector: 'machinery',
      }),
    ]);
  });
});
