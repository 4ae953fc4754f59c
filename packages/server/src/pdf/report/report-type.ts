import type { ReportType } from '@rl/contract';

export interface TypeEvidence {
  /** A filing's form or a listed company's own report, known from the document's structure. */
  filing: boolean;
  /** Written by a broker or a research firm: ratings and stock codes on its cover mean something. */
  research: boolean;
  title: string;
  /** Department and series lines at the top of the cover ("Asia Pacific Economic Research", "金工研究/深度研究"). */
  departments: string;
  /** The cover's other short lines: ratings, target prices, tickers. */
  cover: string;
}

/** Desks and series, strongest first: a credit note about a company is a fixed-income note. */
const SERIES: [ReportType, RegExp][] = [
  [
    'fixed_income',
    /固定收益|固收|债券|信用债|利率债|可转债|转债|债市|\b(?:fixed income|credit research|credit strategy|high grade|high yield|investment grade|bonds?|rates strategy|securiti[sz]ed|municipals?)\b/i,
  ],
  ['quantitative', /金融工程|金工|量化|数量化|\bquant(?:itative)?\b|\bfactor (?:model|investing)\b/i],
  [
    'macro',
    /宏观|货币政策|金融稳定|\b(?:economic research|economics|economist|macro(?:economic)?s?|monetary policy|financial stability|economic outlook|inflation report)\b/i,
  ],
  ['strategy', /策略|\b(?:strategy|strategist|asset allocation|portfolio)\b/i],
  ['industry', /行业(?:研究|点评|深度|报告|周报|月报|专题|跟踪|动态)?|\b(?:industry|sector)\b/i],
  [
    'company',
    /公司(?:研究|点评|深度|报告|简评|跟踪|动态)|首次覆盖|首次评级|深度(?:报告|跟踪)|(?:年报|季报|中报|半年报|业绩)点评|\b(?:company (?:update|note|report)|initiation of coverage|initiating coverage|earnings review|results review)\b/i,
  ],
];

/** The words of a cover that name a desk or series of `type` (none for filings and others). */
export function typeCue(type: ReportType): RegExp | null {
  return SERIES.find(([t]) => t === type)?.[1] ?? null;
}

/** A single stock's verdict: a rating beside a target price. */
const RATING =
  /★|\b(?:morningstar rating|buy|sell|hold|overweight|underweight|equal-weight|neutral|outperform|underperform|accumulate|reduce)\b|买入|增持|持有|中性|减持|卖出|推荐|谨慎推荐/i;
const TARGET = /\b(?:target price|price target|PT|TP|PO|fair value)\b|目标价|合理价值/i;

/** Sector names brokers file their notes under. */
const SECTOR =
  /\b(?:technology|semiconductors?|internet|media|telecom\w*|banks?|insurance|financials|energy|utilities|materials|chemicals|metals|mining|industrials|autos?|consumer|retail|healthcare|pharma\w*|property|real estate|transport\w*|gaming|software|hardware)\b|电子|通信|计算机|传媒|银行|非银|保险|能源|电力|公用|化工|有色|钢铁|煤炭|机械|汽车|家电|食品|医药|地产|交通|军工|建筑|建材|纺织|轻工|农业|环保/i;

/** Stock codes as brokers print them: 0700.HK, 700 HK, 600406 CH, 688556.SH, 2330 TT. */
const STOCK_CODE = /\b(\d{3,6})(?:\.[A-Z]{2}\b|\s(?:HK|CH|TT|JP|KS|KQ|C1|C2|SP|IN|AU)\b)/g;

function distinctStocks(text: string): number {
  return new Set([...text.matchAll(STOCK_CODE)].map((m) => String(Number(m[1])))).size;
}

/**
 * What kind of report it is, from what its cover says of itself: filings by their form, then the
 * desk or series named in the title or at the top of the cover (固收, 金工, 宏观, 策略, 行业,
 * Credit, Economics, Strategy, Industry), then a rating beside a target price (one stock: a
 * company note; several: an industry note).
 */
export function classifyReportType(evidence: TypeEvidence): ReportType {
  if (evidence.filing) return 'filing';
  const { title, departments, cover } = evidence;
  for (const [type, cue] of SERIES) if (cue.test(title) || cue.test(departments)) return type;
  if (!evidence.research) return 'other';
  if (RATING.test(cover) && TARGET.test(cover)) return distinctStocks(cover) >= 2 ? 'industry' : 'company';
  for (const [type, cue] of SERIES) if (cue.test(cover)) return type;
  // Printed under a sector's name without a single stock's verdict: a note on the sector.
  if (SECTOR.test(departments) || distinctStocks(cover) >= 2) return 'industry';
  return 'other';
}
