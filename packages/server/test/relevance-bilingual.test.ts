import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@rl/contract';
import { demoPlans, openDemoLibrary } from './demo-library.js';
import { post, type TestLibrary } from './harness.js';

/**
 * The bilingual relevance set: concepts with a Chinese and an English query, and the reports about
 * each (those whose title names it, in either language) on the demo library `npm start` seeds. Every
 * query runs in one language only and cross-lingually (through the glossary); the measures are
 * nDCG@10 (binary) and recall@20. Cross-lingual search must raise recall without lowering the
 * query's own-language nDCG@10 by more than 2 %. It runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
const COUNT = 600;

/** [Chinese query, English query, the title a Chinese report about it holds, an English one's]. */
const CONCEPTS: [string, string, string, RegExp][] = [
  ['半导体', 'semiconductor', '半导体', /semiconductor/i],
  ['通胀', 'inflation', '通胀', /inflation/i],
  ['铜', 'copper', '铜', /copper/i],
  ['汇率', 'FX', '汇率', /\bFX\b|currenc/i],
  ['房地产', 'real estate', '房地产', /real estate|property|housing/i],
  ['有色金属', 'base metals', '有色金属', /base metals|metals and mining/i],
  ['新能源', 'clean energy', '新能源', /renewable|clean energy/i],
  ['储能', 'energy storage', '储能', /energy storage/i],
  ['资产配置', 'asset allocation', '资产配置', /asset allocation/i],
  ['贵金属', 'precious metals', '贵金属', /precious metals/i],
  ['油价', 'oil prices', '油价', /\boil\b/i],
  ['出口', 'exports', '出口', /export/i],
  ['关税', 'tariffs', '关税', /tariff/i],
  ['收益率曲线', 'yield curve', '收益率曲线', /yield curve/i],
  ['净息差', 'net interest margin', '净息差', /net interest margin/i],
  ['货币政策', 'monetary policy', '货币政策', /monetary policy/i],
  ['美元', 'dollar', '美元', /dollar/i],
  ['银行', 'banks', '银行', /\bbanks?\b/i],
  ['互联网', 'internet', '互联网', /internet/i],
  ['云计算', 'cloud', '云计算', /cloud/i],
  ['汽车', 'automotive', '汽车', /\bautos?\b|automotive|motors/i],
  ['价格战', 'price war', '价格战', /price war/i],
  ['医药', 'pharma', '医药', /pharma/i],
  ['电商', 'e-commerce', '电商', /e-commerce/i],
  ['供应链', 'supply chains', '供应链', /supply chain/i],
  ['资产质量', 'asset quality', '资产质量', /asset quality/i],
  ['信贷增长', 'loan growth', '信贷增长', /loan growth/i],
  ['首次覆盖', 'initiating coverage', '首次覆盖', /initiat/i],
  ['新兴市场', 'EM', '新兴市场', /\bEM\b|emerging market/i],
  ['黄金', 'gold', '黄金', /\bgold\b/i],
  ['实际利率', 'real rates', '实际利率', /real rates/i],
  ['人工智能', 'artificial intelligence', 'AI', /artificial intelligence|\bAI\b/i],
  ['光伏', 'solar', '光伏', /solar/i],
  ['消费', 'consumer spending', '消费', /consumer/i],
  ['估值', 'valuation', '估值', /valuation/i],
  ['降息', 'rate cuts', '降息', /rate cuts?/i],
  ['利差', 'spreads', '利差', /spreads?/i],
  ['存储芯片', 'memory', '存储芯片', /memory/i],
  ['广告', 'advertising', '广告', /advertising/i],
  ['锂', 'lithium', '锂', /lithium/i],
  ['利率', 'interest rates', '利率', /interest rates?/i],
  ['流动性', 'liquidity', '流动性', /liquidity/i],
];

let lib: TestLibrary;
const plans = demoPlans(COUNT);

beforeAll(async () => {
  lib = await openDemoLibrary(plans);
}, 240_000);
afterAll(() => lib.close());

type Language = 'zh' | 'en';
interface Judged {
  language: Language;
  query: string;
  /** Titles about the concept, by language. */
  relevant: Record<Language, Set<string>>;
}

const QUERIES: Judged[] = CONCEPTS.flatMap(([zh, en, zhTitle, enTitle]) => {
  const relevant = {
    zh: new Set(plans.filter((p) => p.language === 'zh' && p.title.includes(zhTitle)).map((p) => p.title)),
    en: new Set(plans.filter((p) => p.language === 'en' && enTitle.test(p.title)).map((p) => p.title)),
  };
  return [
    { language: 'zh' as const, query: zh, relevant },
    { language: 'en' as const, query: en, relevant },
  ];
});

async function top20(query: string, oneLanguage: boolean): Promise<SearchResponse> {
  const r = await post<SearchResponse>(lib.app, '/api/file/search', {
    keyword: query,
    page_id: 1,
    page_length: 20,
    one_language: oneLanguage,
  });
  expect(r.status, query).toBe(200);
  return r.body;
}

/** nDCG@10 with binary gains. */
function ndcg10(titles: string[], relevant: Set<string>): number {
  const gain = (rank: number) => 1 / Math.log2(rank + 2);
  const dcg = titles.slice(0, 10).reduce((sum, t, i) => sum + (relevant.has(t) ? gain(i) : 0), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += gain(i);
  return ideal === 0 ? 0 : dcg / ideal;
}

function recall20(titles: string[], relevant: Set<string>): number {
  if (relevant.size === 0) return 0;
  return titles.slice(0, 20).filter((t) => relevant.has(t)).length / relevant.size;
}

interface Measures {
  ownNdcg: number;
  ndcg: number;
  recall: number;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function measure(queries: Judged[], oneLanguage: boolean): Promise<Measures> {
  const each = await Promise.all(
    queries.map(async ({ query, language, relevant }) => {
      const titles = (await top20(query, oneLanguage)).file_list.map((f) => f.title);
      const all = new Set([...relevant.zh, ...relevant.en]);
      return {
        ownNdcg: ndcg10(titles, relevant[language]),
        ndcg: ndcg10(titles, all),
        recall: recall20(titles, all),
      };
    }),
  );
  return {
    ownNdcg: mean(each.map((m) => m.ownNdcg)),
    ndcg: mean(each.map((m) => m.ndcg)),
    recall: mean(each.map((m) => m.recall)),
  };
}

/** Floors a little under the figures measured when the set was written (docs/benchmarks.md). */
const FLOORS: Record<Language, { ndcg: number; recall: number }> = {
  zh: { ndcg: 0.7, recall: 0.65 },
  en: { ndcg: 0.76, recall: 0.6 },
};

const round = (n: number) => Math.round(n * 1000) / 1000;

describe('bilingual relevance set', () => {
  it('has at least 40 queries each way, each about reports in both languages', () => {
    for (const language of ['zh', 'en'] as const) {
      const queries = QUERIES.filter((q) => q.language === language);
      expect(queries.length).toBeGreaterThanOrEqual(40);
      for (const q of queries) {
        expect(q.relevant.zh.size, `${q.query}: Chinese reports`).toBeGreaterThan(0);
        expect(q.relevant.en.size, `${q.query}: English reports`).toBeGreaterThan(0);
      }
    }
  });

  it.each(['zh', 'en'] as const)(
    'from %s: cross-lingual search raises recall and keeps the own-language ranking',
    async (language) => {
      const queries = QUERIES.filter((q) => q.language === language);
      const oneLanguage = await measure(queries, true);
      const crossLingual = await measure(queries, false);
      console.log(
        `relevance set, ${queries.length} queries from ${language}:`,
        JSON.stringify({
          one_language: {
            own_ndcg10: round(oneLanguage.ownNdcg),
            ndcg10: round(oneLanguage.ndcg),
            recall20: round(oneLanguage.recall),
          },
          cross_lingual: {
            own_ndcg10: round(crossLingual.ownNdcg),
            ndcg10: round(crossLingual.ndcg),
            recall20: round(crossLingual.recall),
          },
        }),
      );
      expect(crossLingual.ownNdcg).toBeGreaterThanOrEqual(oneLanguage.ownNdcg * 0.98);
      expect(crossLingual.recall).toBeGreaterThan(oneLanguage.recall);
      expect(crossLingual.ndcg).toBeGreaterThan(oneLanguage.ndcg);
      expect(crossLingual.ndcg).toBeGreaterThanOrEqual(FLOORS[language].ndcg);
      expect(crossLingual.recall).toBeGreaterThanOrEqual(FLOORS[language].recall);
    },
  );
});
