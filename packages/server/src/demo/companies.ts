import type { Country, ReportLanguage, SectorId } from '@rl/contract';
import { createRandom, hashSeed, type Random } from './random.js';

export const SECTORS = [
  'semis',
  'autos',
  'banks',
  'internet',
  'pharma',
  'consumer',
  'energy',
  'property',
  'renewables',
  'mining',
] as const;
export type Sector = (typeof SECTORS)[number];

/** The product's sector of each demo sector, and the name a cover's sector line prints. */
export const SECTOR_NAMES: Record<Sector, { id: SectorId; en: string; zh: string }> = {
  semis: { id: 'semiconductors', en: 'Semiconductors', zh: '半导体' },
  autos: { id: 'autos', en: 'Autos', zh: '汽车' },
  banks: { id: 'banks', en: 'Banks', zh: '银行' },
  internet: { id: 'internet_media', en: 'Internet', zh: '互联网' },
  pharma: { id: 'healthcare', en: 'Pharmaceuticals', zh: '医药' },
  consumer: { id: 'consumer_staples', en: 'Consumer Staples', zh: '食品饮料' },
  energy: { id: 'oil_gas_coal', en: 'Oil & Gas', zh: '石油石化' },
  property: { id: 'real_estate', en: 'Real Estate', zh: '房地产' },
  renewables: { id: 'new_energy', en: 'Renewables', zh: '新能源' },
  mining: { id: 'metals_mining', en: 'Metals & Mining', zh: '有色金属' },
};

/** A fictional listed company. The same (country, sector, slot) always gives the same company. */
export interface DemoCompany {
  name: string;
  ticker: string;
  /** ISO-like code; `GBp` is pence. */
  currency: string;
  /** Share price in `currency`. */
  price: number;
  sector: Sector;
}

const STEMS_EN = [
  'Aldervane',
  'Brisola',
  'Corvantis',
  'Delmora',
  'Elvaro',
  'Fenwright',
  'Galvora',
  'Helmscott',
  'Istrano',
  'Kestova',
  'Lunaris',
  'Marivel',
  'Norvane',
  'Orlenza',
  'Pellaro',
  'Quorvane',
  'Rivasto',
  'Selvara',
  'Tavion',
  'Valtrix',
  'Wenmoor',
  'Zephyra',
];
const STEMS_ZH = [
  '瑞岚',
  '澜芯',
  '沐辰',
  '曜石',
  '汇舟',
  '衡岳',
  '启澄',
  '钧和',
  '卓岩',
  '禾朗',
  '琛域',
  '翎川',
  '朔方',
  '岚峰',
  '泓济',
  '璟泰',
  '沅芷',
  '晟澜',
  '鹭洲',
  '云衢',
  '恒瞻',
  '砺行',
];
const SUFFIXES: Record<Sector, [en: readonly string[], zh: readonly string[]]> = {
  semis: [
    ['Semiconductor', 'Microdevices', 'Silicon'],
    ['半导体', '微电子', '芯片科技'],
  ],
  autos: [
    ['Motors', 'Automotive', 'Mobility'],
    ['汽车', '新能源汽车', '汽车集团'],
  ],
  banks: [
    ['Bank', 'Financial Group', 'Bancorp'],
    ['银行', '商业银行', '农商银行'],
  ],
  internet: [
    ['Digital', 'Networks', 'Interactive'],
    ['网络科技', '数字科技', '信息技术'],
  ],
  pharma: [
    ['Pharmaceuticals', 'Biosciences', 'Therapeutics'],
    ['医药', '生物科技', '制药'],
  ],
  consumer: [
    ['Brands', 'Foods', 'Beverages'],
    ['食品', '酒业', '消费品'],
  ],
  energy: [
    ['Energy', 'Petroleum', 'Resources'],
    ['能源', '石油', '油气'],
  ],
  property: [
    ['Land', 'Properties', 'Realty'],
    ['地产', '置业', '城市发展'],
  ],
  renewables: [
    ['Solar', 'Renewables', 'Battery'],
    ['光伏', '新能源', '储能'],
  ],
  mining: [
    ['Mining', 'Metals', 'Minerals'],
    ['矿业', '有色金属', '资源'],
  ],
};

interface Listing {
  /** Builds the ticker from the English name. */
  ticker(random: Random, nameEn: string): string;
  currency: string;
  price: [min: number, max: number];
}

const letters = (nameEn: string, random: Random, length: number): string => {
  const compact = nameEn.replace(/[^A-Za-z]/g, '').toUpperCase();
  return (compact.slice(0, length - 1) + compact[random.int(length - 1, compact.length - 1)]).slice(
    0,
    length,
  );
};
const digits = (random: Random, min: number, max: number, width: number): string =>
  String(random.int(min, max)).padStart(width, '0');

const lettered = (suffix: string, currency: string, price: [number, number]): Listing => ({
  ticker: (random, nameEn) => `${letters(nameEn, random, random.int(3, 4))} ${suffix}`,
  currency,
  price,
});

const LISTINGS: Record<Country, readonly Listing[]> = {
  'U.S.': [lettered('US', 'USD', [15, 600])],
  Global: [lettered('US', 'USD', [20, 500])],
  EU: [lettered('GY', 'EUR', [10, 300]), lettered('FP', 'EUR', [10, 300]), lettered('NA', 'EUR', [5, 150])],
  UK: [lettered('LN', 'GBp', [80, 5000])],
  India: [lettered('IN', 'INR', [100, 4000])],
  Japan: [
    { ticker: (random) => `${digits(random, 1300, 9990, 4)} JP`, currency: 'JPY', price: [400, 12000] },
  ],
  China: [
    { ticker: (random) => `${digits(random, 600000, 605999, 6)}.SH`, currency: 'CNY', price: [5, 400] },
    { ticker: (random) => `${digits(random, 688000, 688999, 6)}.SH`, currency: 'CNY', price: [10, 300] },
    { ticker: (random) => `${digits(random, 1, 3999, 6)}.SZ`, currency: 'CNY', price: [4, 250] },
    { ticker: (random) => `${digits(random, 300001, 301999, 6)}.SZ`, currency: 'CNY', price: [10, 300] },
    { ticker: (random) => `${digits(random, 1, 9999, 4)} HK`, currency: 'HKD', price: [2, 600] },
  ],
  EM: [
    { ticker: (random) => `${digits(random, 1000, 399999, 6)} KS`, currency: 'KRW', price: [8000, 600000] },
    { ticker: (random) => `${digits(random, 1100, 9999, 4)} TT`, currency: 'TWD', price: [20, 1200] },
    { ticker: (random, nameEn) => `${letters(nameEn, random, 4)}3 BZ`, currency: 'BRL', price: [5, 90] },
  ],
  'Other countries': [lettered('AU', 'AUD', [2, 150]), lettered('CT', 'CAD', [10, 200])],
};

export function demoCompany(
  country: Country,
  sector: Sector,
  slot: number,
  language: ReportLanguage,
): DemoCompany {
  const random = createRandom(hashSeed('company', country, sector, slot));
  const stem = random.int(0, STEMS_EN.length - 1);
  const suffix = random.int(0, 2);
  const [suffixesEn, suffixesZh] = SUFFIXES[sector];
  const nameEn = `${STEMS_EN[stem]} ${suffixesEn[suffix]}`;
  const listing = random.pick(LISTINGS[country]);
  const [low, high] = listing.price;
  // Log-uniform, so cheap and expensive shares are equally common.
  const price = roundPrice(Math.exp(random.float(Math.log(low), Math.log(high))));
  return {
    name: language === 'zh' ? `${STEMS_ZH[stem]}${suffixesZh[suffix]}` : nameEn,
    ticker: listing.ticker(random, nameEn),
    currency: listing.currency,
    price,
    sector,
  };
}

/** Two decimals below 100, whole units below 1,000, then tens or hundreds, as research reports quote prices. */
export function roundPrice(price: number): number {
  if (price >= 10_000) return Math.round(price / 100) * 100;
  if (price >= 1_000) return Math.round(price / 10) * 10;
  if (price >= 100) return Math.round(price);
  return Math.round(price * 100) / 100;
}

function formatPrice(price: number): string {
  return price >= 100 ? groupThousands(String(Math.round(price))) : price.toFixed(2);
}

/** `1234567` -> `1,234,567`, without locale data so output never depends on the host. */
export function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const CHINESE_CURRENCY: Record<string, string> = {
  CNY: '元',
  HKD: '港元',
  USD: '美元',
  EUR: '欧元',
  GBp: '便士',
  JPY: '日元',
  INR: '卢比',
  KRW: '韩元',
  TWD: '新台币',
  BRL: '雷亚尔',
  AUD: '澳元',
  CAD: '加元',
};

/** `JPY 3,200` in English, `1,980元` in Chinese. */
export function formatMoney(price: number, currency: string, language: ReportLanguage): string {
  return language === 'zh'
    ? `${formatPrice(price)}${CHINESE_CURRENCY[currency] ?? currency}`
    : `${currency} ${formatPrice(price)}`;
}

/** Reads back a price written by `formatMoney`: `JPY 3,200` or `1,980元`. */
export function parseMoney(text: string): { amount: number; currency: string } {
  const amount = Number(text.replace(/[^0-9.]/g, ''));
  const latin = /^([A-Za-z]{3}) /.exec(text)?.[1];
  const chinese = Object.entries(CHINESE_CURRENCY).find(([, name]) => text.endsWith(name))?.[0];
  return { amount, currency: latin ?? chinese ?? 'USD' };
}
