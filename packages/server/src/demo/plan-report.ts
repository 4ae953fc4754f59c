import { ASSET_CLASSES, COUNTRIES, type AssetClass, type Country, type ReportLanguage } from '@rl/contract';
import { demoCompany } from './companies.js';
import { coverageNotes, targetFor, type CoverageNote } from './coverage.js';
import { formatEnglishDate, formatChineseDate, parseIsoDate } from './dates.js';
import { fillTemplate, type TemplateContext } from './fill-template.js';
import { reportFileName } from './file-names.js';
import { issuersWriting, type DemoIssuer } from './issuers.js';
import { languagePack, topicsFor } from './language-pack.js';
import { marketWords } from './markets.js';
import { pickPublishDate } from './publish-date.js';
import { createRandom, hashSeed, type Random } from './random.js';
import { RATING_WEIGHTS } from './ratings.js';
import { makeStock, titleTicker } from './stock-note.js';
import { TITLE_ANGLES, titleSubject, titleTemplate } from './titles.js';
import type { DemoReportPlan, DemoStock } from './types.js';
import type { LanguagePack, Topic } from './vocabulary.js';

const CHINESE_SHARE = 0.3;
/** Share of equity reports that cover a single stock outside the followed companies. */
const SINGLE_STOCK_SHARE = 0.3;
/** Share of reports that are a note on one of the companies several brokers follow. */
const FOLLOWED_SHARE = 0.25;
/** How often an issuer writes about its home market rather than anywhere. */
const HOME_SHARE: Record<ReportLanguage, number> = { en: 0.4, zh: 0.55 };

const ASSET_CLASS_WEIGHTS: readonly (readonly [AssetClass, number])[] = ASSET_CLASSES.map((assetClass) => [
  assetClass,
  { Equities: 30, FX: 10, Rates: 12, Commodities: 10, Credit: 10, 'Cross Assets': 8, Economics: 15 }[
    assetClass
  ],
]);
const COUNTRY_WEIGHTS: readonly (readonly [Country, number])[] = COUNTRIES.map((country) => [
  country,
  { 'U.S.': 20, EU: 12, UK: 8, EM: 12, China: 12, Japan: 10, India: 8, Global: 12, 'Other countries': 6 }[
    country
  ],
]);

/**
 * A corpus planned so far: titles stay unique, each written for its report (no two share a template
 * that differs only by year or market), and followed-company notes are handed out once.
 */
interface Corpus {
  plans: DemoReportPlan[];
  titles: Set<string>;
  templates: Set<string>;
  followed: CoverageNote[];
}
const corpora = new Map<string, Corpus>();
const MAX_CORPORA = 4;

/**
 * Decides what report `index` of the corpus seeded by `seed` is about and who wrote it. A plan
 * depends on the plans before it (its title differs from theirs), so the corpus is planned in
 * order once and remembered; the result is still a pure function of (seed, index, today).
 */
export function planDemoReport(seed: number, index: number, today: string): DemoReportPlan {
  parseIsoDate(today);
  const key = `${seed}|${today}`;
  let corpus = corpora.get(key);
  if (!corpus) {
    corpus = { plans: [], titles: new Set(), templates: new Set(), followed: coverageNotes(seed, today) };
    if (corpora.size >= MAX_CORPORA) corpora.delete(corpora.keys().next().value as string);
    corpora.set(key, corpus);
  }
  while (corpus.plans.length <= index) corpus.plans.push(planNext(seed, corpus.plans.length, today, corpus));
  return structuredClone(corpus.plans[index] as DemoReportPlan);
}

function planNext(seed: number, index: number, today: string, corpus: Corpus): DemoReportPlan {
  const random = createRandom(hashSeed('plan', seed, index));
  const note = random.chance(FOLLOWED_SHARE) ? corpus.followed.shift() : undefined;
  const language: ReportLanguage = note ? note.issuer.language : random.chance(CHINESE_SHARE) ? 'zh' : 'en';
  const pack = languagePack(language);
  const issuer = note?.issuer ?? random.pick(issuersWriting(language));
  const publishDate = note?.date ?? pickPublishDate(random, today);
  const country = note?.country ?? pickCountry(random, issuer, language);
  const assetClass = note ? 'Equities' : random.weighted(ASSET_CLASS_WEIGHTS);
  const topics = topicsFor(pack, assetClass, country);
  const topic = note ? sectorTopic(pack, note) : random.pick(topics);
  // Chinese brokers write single-stock notes on China's listings only.
  const oneOff =
    !note &&
    topic.sector !== undefined &&
    (language === 'en' || country === 'China') &&
    random.chance(SINGLE_STOCK_SHARE);
  const stock = note
    ? followedStock(pack, note)
    : oneOff
      ? oneOffStock(random, pack, topic, country)
      : undefined;
  const reportType = stock
    ? stock.action === 'initiate'
      ? pack.stock.reportTypes[0]!
      : random.pick(pack.stock.reportTypes.slice(1))
    : random.pick(pack.assetClasses[assetClass].reportTypes);
  const market = marketWords(language, country, hashSeed(issuer.name, publishDate));
  const context: TemplateContext = {
    language,
    market,
    issuer: issuer.name,
    co: stock?.companyName ?? '',
    peer: '',
    rating: stock?.rating ?? '',
    prevRating: stock?.previousRating ?? '',
    tp: stock?.targetPrice ?? '',
    upside: '',
    year: parseIsoDate(publishDate).year,
    keywords: topic.keywords,
  };
  const title = uniqueTitle(
    random,
    corpus,
    titleCandidates(random, pack, topic, assetClass, stock, context),
    publishDate,
    language,
  );
  corpus.titles.add(title);
  corpus.templates.add(titleTemplate(title));
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

function pickCountry(random: Random, issuer: DemoIssuer, language: ReportLanguage): Country {
  return random.chance(HOME_SHARE[language]) ? issuer.homeCountry : random.weighted(COUNTRY_WEIGHTS);
}

function sectorTopic(pack: LanguagePack, note: CoverageNote): Topic {
  const topic = topicsFor(pack, 'Equities', note.country).find((t) => t.sector === note.sector);
  if (!topic) throw new Error(`no ${pack.language} topic on ${note.sector} for ${note.country}`);
  return topic;
}

/**
 * Filled title templates, the topic's own first, then generic angles on its subject, then on each of
 * its keywords (`US core inflation: positioning check`), so a busy topic still finds a fresh title.
 */
function titleCandidates(
  random: Random,
  pack: LanguagePack,
  topic: Topic,
  assetClass: AssetClass,
  stock: DemoStock | undefined,
  context: TemplateContext,
): string[] {
  const fill = (template: string) => fillTemplate(template, context, random);
  if (stock) {
    const prefix =
      pack.language === 'zh'
        ? `${stock.companyName}（${titleTicker(stock, 'zh', random.chance(0.5))}）：`
        : `${stock.companyName} (${stock.ticker}): `;
    const angles = random.shuffle(pack.stock.titles[stock.action]);
    return angles.map((angle) => prefix + fill(angle));
  }
  const subjects = [topic.tag, ...random.shuffle(topic.keywords.filter((k) => k !== topic.tag))].map((word) =>
    titleSubject(pack.language, assetClass, context.market.adj, word),
  );
  return [
    ...random.shuffle(topic.titles).map(fill),
    ...subjects.flatMap((subject) =>
      random.shuffle(TITLE_ANGLES[pack.language]).map((angle) => fill(angle.replace('{s}', subject))),
    ),
  ];
}

/** The first candidate whose template no earlier report took; when all are taken, one dated. */
function uniqueTitle(
  random: Random,
  corpus: Corpus,
  candidates: readonly string[],
  date: string,
  language: ReportLanguage,
): string {
  const used = corpus.titles;
  const free = candidates.find((title) => !used.has(title) && !corpus.templates.has(titleTemplate(title)));
  if (free) return free;
  const base = random.pick(candidates);
  const dated =
    language === 'zh' ? `${base}（${formatChineseDate(date)}）` : `${base} (${formatEnglishDate(date)})`;
  let title = dated;
  for (let n = 2; used.has(title); n++) title = `${dated} ${n}`;
  return title;
}

function followedStock(pack: LanguagePack, note: CoverageNote): DemoStock {
  return makeStock({
    pack,
    company: demoCompany(note.country, note.sector, note.slot, pack.language),
    rating: note.rating,
    action: note.action,
    ...(note.previousRating !== undefined && { previousRating: note.previousRating }),
    price: note.price,
    target: note.target,
    ...(note.previousTarget !== undefined && { previousTarget: note.previousTarget }),
  });
}

/** A note on a company no other broker in the library follows: an initiation or a reiteration. */
function oneOffStock(random: Random, pack: LanguagePack, topic: Topic, country: Country): DemoStock {
  if (!topic.sector) throw new Error(`topic ${topic.id} covers no sector`);
  const company = demoCompany(country, topic.sector, random.int(0, 3), pack.language);
  const rating = random.weighted(RATING_WEIGHTS);
  const initiate = random.chance(0.3);
  return makeStock({
    pack,
    company,
    rating,
    action: initiate ? 'initiate' : 'maintain',
    ...(!initiate && {
      previousRating: rating,
      previousTarget: targetFor(random, company.price * 0.95, rating),
    }),
    price: company.price,
    target: targetFor(random, company.price, rating),
  });
}
