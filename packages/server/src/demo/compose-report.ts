import type { AssetClass } from '@rl/contract';
import { demoCompany, parseMoney } from './companies.js';
import { FigureBook } from './figures.js';
import { parseIsoDate } from './dates.js';
import { ExhibitDeck } from './exhibit-deck.js';
import { fillTemplate, type TemplateContext } from './fill-template.js';
import { findTopic, languagePack } from './language-pack.js';
import {
  BODY_BOTTOM,
  BODY_TOP,
  CHART_BLOCK_HEIGHT,
  CHARS_PER_LINE,
  HEADING_HEIGHT,
  LEADING,
} from './layout.js';
import { marketWords, type MarketWords } from './markets.js';
import { createRandom, hashSeed, type Random } from './random.js';
import { RATING_UPSIDE } from './ratings.js';
import { SentenceDeck } from './sentence-deck.js';
import { fitsStance, stockStance } from './stance.js';
import type { TableContext, TableKind } from './table-data.js';
import { TABLE_LABELS_EN, TABLE_LABELS_ZH } from './table-labels.js';
import type { Block, DemoReportPlan, ReportContent } from './types.js';
import type { AssetClassPhrases, LanguagePack, Topic } from './vocabulary.js';

/** The table on the valuation page of reports that do not cover a single stock. */
const MAIN_TABLE: Record<AssetClass, TableKind> = {
  Equities: 'peers',
  FX: 'fx',
  Rates: 'rates',
  Commodities: 'commodities',
  Credit: 'credit',
  'Cross Assets': 'allocation',
  Economics: 'macro',
};

/** What every step of composing a report reads: the plan, its random stream and its vocabulary. */
interface Composition {
  plan: DemoReportPlan;
  /** One stream for the whole report: the steps draw from it in a fixed order. */
  random: Random;
  pack: LanguagePack;
  topic: Topic;
  phrases: AssetClassPhrases;
  year: number;
  market: MarketWords;
}

type Peer = { name: string; ticker: string };

/** The template context and the price figures the tables follow. */
interface Priced {
  context: TemplateContext;
  target: { amount: number; currency: string } | undefined;
  upside: number;
  figures: FigureBook;
}

/** Body text of the cover and of each later page, derived from the plan alone. */
export function composeReport(plan: DemoReportPlan): ReportContent {
  const random = createRandom(hashSeed('content', plan.fileName, plan.title, plan.publishDate, plan.issuer));
  const pack = languagePack(plan.language);
  const topic = findTopic(pack, plan.assetClass, plan.tags);
  const c: Composition = {
    plan,
    random,
    pack,
    topic,
    phrases: pack.assetClasses[plan.assetClass],
    year: parseIsoDate(plan.publishDate).year,
    market: marketWords(plan.language, plan.country, hashSeed(plan.issuer, plan.publishDate)),
  };
  const phrases = c.phrases;
  const peers = reportPeers(plan, topic);
  const priced = pricedContext(c, peers);
  const { context } = priced;
  const { thesis, highlights, valuation, risks, body } = sentenceDecks(c, context);
  const exhibits = exhibitDeck(c, priced, peers);
  const valuationTable = exhibits.table(plan.stock ? 'peers' : MAIN_TABLE[plan.assetClass]);

  const { labels } = pack;
  const keyPoints = [
    plan.stock
      ? fillTemplate(random.pick(pack.stock.calls[plan.stock.action]), context, random)
      : highlights.draw(),
    ...Array.from({ length: random.int(2, 4) }, (_, i) => (i === 1 ? valuation.draw() : highlights.draw())),
  ];
  const coverBlocks: Block[] = [
    { kind: 'heading', text: labels.thesis },
    { kind: 'paragraph', sentences: thesis.drawChars(charsFor(plan, 16)) },
    plan.stock ? exhibits.table('forecast') : { kind: 'chart', chart: exhibits.chart() },
  ];
  const valuationAndRisks: Block[] = [
    { kind: 'heading', text: labels.valuation },
    { kind: 'paragraph', sentences: valuation.drawChars(charsFor(plan, 8)) },
    valuationTable,
    ...(plan.pageCount >= 3 ? [{ kind: 'chart', chart: exhibits.chart() } as const] : []),
    { kind: 'heading', text: labels.risks },
    { kind: 'paragraph', sentences: risks.drawChars(charsFor(plan, 6)) },
  ];
  const pages = reportPages(c, body, exhibits, valuationAndRisks, disclaimerBlocks(plan, pack));
  return { keyPoints, coverBlocks, pages, source: fillTemplate(phrases.source, context, random) };
}

/** The companies a report names, the covered stock first; only equity templates use them. */
function reportPeers(plan: DemoReportPlan, topic: Topic): Peer[] {
  const peers = [0, 1, 2, 3, 4]
    .map((slot) => demoCompany(plan.country, topic.sector ?? 'banks', slot, plan.language))
    .filter((company) => company.name !== plan.stock?.companyName);
  const stockPeers = plan.stock
    ? [{ name: plan.stock.companyName, ticker: plan.stock.ticker }, ...peers]
    : peers;
  return [...new Map(stockPeers.map((peer) => [peer.name, peer])).values()].slice(0, 5);
}

/** The templates' context: the names, the rating, the target and the upside the text quotes. */
function pricedContext(c: Composition, uniquePeers: readonly Peer[]): Priced {
  const { plan, pack, random } = c;
  const ratingIndex = Math.max(0, pack.stock.ratings.indexOf(plan.stock?.rating ?? ''));
  const [low, high] = RATING_UPSIDE[ratingIndex] as readonly [number, number];
  const target = plan.stock ? parseMoney(plan.stock.targetPrice) : undefined;
  // The return to target follows from the plan's price and target: the cover and the text agree.
  const upside = target && plan.stock?.price ? target.amount / plan.stock.price - 1 : random.float(low, high);
  const figures = new FigureBook(plan.country, createRandom(hashSeed('figures', plan.fileName, plan.title)));

  const context: TemplateContext = {
    language: plan.language,
    market: c.market,
    issuer: plan.issuer,
    co: uniquePeers[0]?.name ?? '',
    peer: uniquePeers[1]?.name ?? '',
    rating: plan.stock?.rating ?? '',
    prevRating: plan.stock?.previousRating ?? '',
    tp: plan.stock?.targetPrice ?? '',
    upside: `${upside >= 0 ? '+' : ''}${Math.round(upside * 100)}%`,
    year: c.year,
    keywords: c.topic.keywords,
    figures,
  };
  return { context, target, upside, figures };
}

/** The sentence decks of each part of the report, dealt in this order. */
function sentenceDecks(c: Composition, context: TemplateContext) {
  const { plan, pack, topic, phrases, random } = c;
  const stance = plan.stock ? stockStance(plan.stock) : undefined;
  // A note rating the stock Neutral or below argues the cautious case; only a Buy not just cut names it a favourite.
  const stock = stance ? (stance === 'cautious' ? pack.stock.cautious : pack.stock) : undefined;
  const deck = (...pools: (readonly string[] | undefined)[]): SentenceDeck =>
    new SentenceDeck(
      pools
        .flatMap((pool) => pool ?? [])
        .filter((template) => stance === undefined || fitsStance(template, stance)),
      context,
      random,
    );
  const body = deck(topic.sentences, phrases.sentences, pack.general);
  const thesis = deck(stock?.thesis, phrases.thesis, topic.sentences, pack.general);
  const highlights = deck(stock?.thesis, phrases.thesis, topic.sentences);
  const valuation = deck(stock?.valuation, phrases.valuation);
  const risks = deck(stock?.risks, phrases.risks);
  return { body, thesis, highlights, valuation, risks };
}

/** The report's charts and tables, drawn as the pages ask for them. */
function exhibitDeck(c: Composition, priced: Priced, uniquePeers: readonly Peer[]): ExhibitDeck {
  const { plan, pack, topic, phrases, random, year } = c;
  const { context, target, upside, figures } = priced;
  const tableContext: TableContext = {
    random,
    language: plan.language,
    labels: plan.language === 'zh' ? TABLE_LABELS_ZH : TABLE_LABELS_EN,
    country: plan.country,
    market: c.market,
    year,
    quarter: fillTemplate('{q}', context, random),
    keywords: topic.keywords,
    ratings: pack.stock.ratings,
    peers: uniquePeers.map(({ name, ticker }) => ({ name, ticker })),
    ...(target && { stock: { price: target.amount / (1 + upside), currency: target.currency } }),
    figures,
  };
  const chartTitles = [...topic.charts, ...phrases.charts].map((title) =>
    fillTemplate(title, context, random),
  );
  const bodyTables: TableKind[] = plan.stock
    ? ['results', 'scenario', 'sensitivity']
    : [plan.assetClass === 'Economics' ? 'rates' : 'macro', 'scenario', 'sensitivity'];
  return new ExhibitDeck(random, chartTitles, bodyTables, tableContext, year);
}

/** The disclaimer's heading and notice, naming the issuer. */
function disclaimerBlocks(plan: DemoReportPlan, pack: LanguagePack): Block[] {
  return [
    { kind: 'heading', text: pack.labels.disclaimer },
    {
      kind: 'notice',
      paragraphs: pack.disclaimer.flatMap(({ heading, text }) => [
        heading,
        text.replaceAll('{issuer}', plan.issuer),
      ]),
    },
  ];
}

/** The pages after the cover: the topic pages, then valuation and risks, then the disclaimer. */
function reportPages(
  c: Composition,
  body: SentenceDeck,
  exhibits: ExhibitDeck,
  valuationAndRisks: Block[],
  disclaimer: Block[],
): Block[][] {
  const { plan, random } = c;
  const bodyPageCount = plan.pageCount - 2;
  const sections = [...c.topic.sections, ...c.phrases.sections];
  const topicPages = Math.max(0, bodyPageCount - 1);
  const pages: Block[][] = [];
  // Sections spread evenly over the pages; a section longer than a page continues without a new heading.
  const sectionOf = (page: number): number =>
    Math.floor((page * Math.min(sections.length, topicPages)) / Math.max(1, topicPages));
  for (let i = 0; i < topicPages; i++) {
    const startsSection = i === 0 || sectionOf(i - 1) !== sectionOf(i);
    pages.push(topicPage(random, plan, startsSection ? sections[sectionOf(i)] : undefined, body, exhibits));
  }
  if (bodyPageCount >= 1) pages.push(valuationAndRisks);
  pages.push(bodyPageCount >= 1 ? disclaimer : [...valuationAndRisks, ...disclaimer]);
  return pages;
}

/** Characters that fill `lines` body lines. */
function charsFor(plan: DemoReportPlan, lines: number): number {
  return lines * CHARS_PER_LINE[plan.language];
}

/** Weights of 1, 2 or 3 exhibits on a topic page, by report length: long reports lean on exhibits. */
const EXHIBITS_PER_PAGE: readonly { minPages: number; weights: readonly (readonly [number, number])[] }[] = [
  {
    minPages: 16,
    weights: [
      [2, 1],
      [3, 9],
    ],
  },
  {
    minPages: 6,
    weights: [
      [2, 1],
      [3, 2],
    ],
  },
  {
    minPages: 0,
    weights: [
      [1, 1],
      [2, 2],
      [3, 1],
    ],
  },
];

/**
 * One page of a topic section: a heading when the section starts, text and 1-3 exhibits. The two
 * paragraphs get a little more text than the space left by the exhibits; the renderer trims them.
 */
function topicPage(
  random: Random,
  plan: DemoReportPlan,
  heading: string | undefined,
  body: SentenceDeck,
  exhibits: ExhibitDeck,
): Block[] {
  const { weights } =
    EXHIBITS_PER_PAGE.find(({ minPages }) => plan.pageCount >= minPages) ?? EXHIBITS_PER_PAGE[0]!;
  const count = random.weighted(weights);
  const [first, ...rest] = Array.from({ length: count }, () => exhibits.next());
  const textLines =
    (BODY_TOP - BODY_BOTTOM - HEADING_HEIGHT - count * CHART_BLOCK_HEIGHT) / LEADING[plan.language];
  const chars = Math.max(1, textLines) * CHARS_PER_LINE[plan.language] * 0.6;
  return [
    ...(heading ? [{ kind: 'heading', text: heading } as const] : []),
    { kind: 'paragraph', sentences: body.drawChars(chars) },
    ...(first ? [first] : []),
    { kind: 'paragraph', sentences: body.drawChars(chars) },
    ...rest,
  ];
}
