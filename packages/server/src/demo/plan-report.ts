import { ASSET_CLASSES, COUNTRIES, type AssetClass, type Country, type ReportLanguage } from '@rl/contract';
import { demoCompany, formatMoney, roundPrice } from './companies.js';
import { parseIsoDate } from './dates.js';
import { fillTemplate } from './fill-template.js';
import { reportFileName } from './file-names.js';
import { issuersWriting } from './issuers.js';
import { languagePack, topicsFor } from './language-pack.js';
import { marketWords } from './markets.js';
import { pickPublishDate } from './publish-date.js';
import { createRandom, hashSeed, type Random } from './random.js';
import { RATING_UPSIDE, RATING_WEIGHTS } from './ratings.js';
import type { DemoReportPlan, DemoStock } from './types.js';
import type { LanguagePack, ReportType, Topic } from './vocabulary.js';

const CHINESE_SHARE = 0.3;
/** Share of equity reports that cover a single stock. */
const SINGLE_STOCK_SHARE = 0.55;
/** How often an issuer writes about its home market rather than anywhere. */
const HOME_SHARE: Record<ReportLanguage, number> = { en: 0.4, zh: 0.55 };

const ASSET_CLASS_WEIGHTS: readonly (readonly [AssetClass, number])[] = ASSET_CLASSES.map((assetClass) => [
  assetClass,
  { Equities: 35, FX: 10, Rates: 12, Commodities: 10, Credit: 10, 'Cross Assets': 8, Economics: 15 }[
    assetClass
  ],
]);
const COUNTRY_WEIGHTS: readonly (readonly [Country, number])[] = COUNTRIES.map((country) => [
  country,
  { 'U.S.': 20, EU: 12, UK: 8, EM: 12, China: 12, Japan: 10, India: 8, Global: 12, 'Other countries': 6 }[
    country
  ],
]);

/** Decides, from (seed, index) alone, what a demo report is about and who wrote it. */
export function planDemoReport(seed: number, index: number, today: string): DemoReportPlan {
  parseIsoDate(today);
  const random = createRandom(hashSeed('plan', seed, index));
  const language: ReportLanguage = random.chance(CHINESE_SHARE) ? 'zh' : 'en';
  const pack = languagePack(language);
  const issuer = random.pick(issuersWriting(language));
  const publishDate = pickPublishDate(random, today);
  const country = random.chance(HOME_SHARE[language]) ? issuer.homeCountry : random.weighted(COUNTRY_WEIGHTS);
  const assetClass = random.weighted(ASSET_CLASS_WEIGHTS);
  const topic = random.pick(topicsFor(pack, assetClass, country));
  const singleStock = topic.sector !== undefined && random.chance(SINGLE_STOCK_SHARE);
  const reportType = random.pick(
    singleStock ? pack.stock.reportTypes : pack.assetClasses[assetClass].reportTypes,
  );
  const stock = singleStock ? planStock(random, pack, topic, country) : undefined;
  const market = marketWords(language, country, hashSeed(issuer.name, publishDate));
  const context = {
    language,
    market,
    issuer: issuer.name,
    co: stock?.companyName ?? '',
    peer: '',
    rating: stock?.rating ?? '',
    tp: stock?.targetPrice ?? '',
    upside: '',
    year: parseIsoDate(publishDate).year,
    keywords: topic.keywords,
  };
  const title = fillTemplate(random.pick(titleTemplates(reportType, topic)), context, random);
  return {
    fileName: reportFileName(publishDate, issuer, title, index, language),
    title,
    issuer: issuer.name,
    authors: random.sample(
      issuer.analysts,
      random.weighted([
        [1, 3],
        [2, 4],
        [3, 3],
      ] as const),
    ),
    publishDate,
    language,
    assetClass,
    country,
    reportType: reportType.name,
    tags: [
      topic.tag,
      ...random.sample(
        topic.keywords.filter((keyword) => keyword !== topic.tag),
        random.int(1, 3),
      ),
    ],
    pageCount: random.int(reportType.pages[0], reportType.pages[1]),
    ...(stock && { stock }),
  };
}

function titleTemplates(reportType: ReportType, topic: Topic): readonly string[] {
  return reportType.stockTitles ?? topic.titles;
}

function planStock(random: Random, pack: LanguagePack, topic: Topic, country: Country): DemoStock {
  if (!topic.sector) throw new Error(`topic ${topic.id} covers no sector`);
  const company = demoCompany(country, topic.sector, random.int(0, 3), pack.language);
  const rating = random.weighted(RATING_WEIGHTS);
  const [low, high] = RATING_UPSIDE[rating] as readonly [number, number];
  const target = roundPrice(company.price * (1 + random.float(low, high)));
  return {
    ticker: company.ticker,
    companyName: company.name,
    rating: pack.stock.ratings[rating] as string,
    targetPrice: formatMoney(target, company.currency, pack.language),
  };
}
