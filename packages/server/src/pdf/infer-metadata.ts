import type { AssetClass, Country, ReportLanguage } from '@rl/contract';
import { classifyAssetClass, classifyCountry, type Sample } from './classify.js';
import { parseClassification, parseCoverPage, type CoverPage } from './demo-cover.js';
import { detectLanguage } from './detect-language.js';
import { firstTitleLine, titleFromFileName } from './fallback-title.js';
import { identifyDocument, type DocumentIdentity } from './identify-document.js';
import { inferPublishDate } from './infer-date.js';
import { topKeywords } from './keywords.js';
import { plausibleAuthors, plausibleIssuer, plausibleKeywords, plausibleTitle } from './plausible-info.js';
import { findStockInformation, type StockInformation } from './stock-info.js';
import { topicTags, ZH_LABELS } from './topics.js';
import type { ExtractedPdf } from './types.js';

export { textQuality } from './text-quality.js';

export interface InferredMeta {
  title: string;
  /** Empty when nobody can be named. */
  issuer: string;
  authors: string[];
  /** YYYY-MM-DD, never after `today`. */
  publishDate: string | null;
  language: ReportLanguage;
  assetClass: AssetClass;
  country: Country;
  /** 3 to 8 short topic tags. */
  tags: string[];
  keywords: string[];
  stockInformation: StockInformation[];
  pageCount: number;
}

/** Pages and characters read for classification: a report states its subject early. */
const SAMPLE_PAGES = 8;
const SAMPLE_CHARS = 40_000;
const MAX_TAGS = 8;
const MIN_TAGS = 3;
const MAX_KEYWORDS = 10;

/**
 * Infers a report's catalogue entry from its text and info dictionary. Reports made for the library
 * carry both a complete info dictionary and a cover page in a fixed layout; other PDFs are read by
 * their structure (SEC filing covers, earnings releases, Chinese listed-company reports and broker
 * notes) and by keyword scoring.
 */
export function inferMetadata(pdf: ExtractedPdf, fileName: string, opts: { today: string }): InferredMeta {
  const { info, pages } = pdf;
  const firstPage = pages[0] ?? '';
  const cover = parseCoverPage(firstPage);
  const subject = info.subject ? parseClassification(info.subject) : null;
  // Library-made metadata (a cover, or a Subject of "<Asset class> | <Country>") can be trusted
  // for the publisher too; in other files Creator names the software.
  const curated = cover !== null || subject !== null;
  const identity: DocumentIdentity = curated
    ? { kind: 'other', issuer: null, title: null, type: null }
    : identifyDocument(pages);

  const text = pages.slice(0, SAMPLE_PAGES).join('\n').slice(0, SAMPLE_CHARS);
  const language = detectLanguage(text || info.title || '');
  const title =
    (curated ? (plausibleTitle(info.title, info) ?? cover?.title) : identity.title) ??
    plausibleTitle(info.title, info) ??
    firstTitleLine(firstPage) ??
    titleFromFileName(fileName);
  const sample: Sample = { title, text };

  const issuer =
    (curated ? (plausibleIssuer(info.creator, info.producer) ?? cover?.issuer) : identity.issuer) ?? '';
  const assetClass = subject?.assetClass ?? cover?.assetClass ?? classifyAssetClass(sample, identity.kind);
  const country = subject?.country ?? cover?.country ?? classifyCountry(sample, identity.kind, language);
  const infoKeywords = plausibleKeywords(info.keywords);
  const keywords = extend(
    [],
    [...infoKeywords, ...topKeywords(text, language, MAX_KEYWORDS, [issuer])],
    MAX_KEYWORDS,
  );

  return {
    title: issuer && title.startsWith(`${issuer}-`) ? title.slice(issuer.length + 1) : title,
    issuer,
    authors: plausibleAuthors(info.author) ?? cover?.authors ?? analysts(firstPage),
    publishDate: inferPublishDate({
      pages,
      info,
      coverDate: cover?.publishDate ?? null,
      kind: identity.kind,
      today: opts.today,
    }),
    language,
    assetClass,
    country,
    tags: tags({
      curated,
      infoKeywords,
      keywords,
      type: cover ? { en: cover.reportType, zh: cover.reportType } : identity.type,
      sample,
      language,
      assetClass,
      country,
    }),
    keywords,
    stockInformation: cover ? coverStock(cover, pages) : findStockInformation(pages, identity),
    pageCount: pdf.numPages,
  };
}

function tags(input: {
  curated: boolean;
  infoKeywords: string[];
  keywords: string[];
  /** The kind of document (Annual report, Company Update), a tag of its own. */
  type: DocumentIdentity['type'];
  sample: Sample;
  language: ReportLanguage;
  assetClass: AssetClass;
  country: Country;
}): string[] {
  const { language } = input;
  const label = (value: string) => (language === 'zh' ? (ZH_LABELS[value] ?? value) : value);
  // The library's own reports list their tags as Keywords, kept as written (one of each, whatever the case).
  const stated = input.curated ? extend([], input.infoKeywords, MAX_TAGS) : [];
  if (stated.length >= MIN_TAGS) return stated;
  const found = [
    ...(input.type ? [input.type[language]] : []),
    ...topicTags(input.sample, language, MAX_TAGS),
  ];
  // Too few topics found: the asset class, the country, the shortest keywords and, for a page
  // with next to no text, a generic tag fill in.
  const padding = [
    label(input.assetClass),
    label(input.country),
    ...input.keywords.filter((k) => k.length <= 20).sort((a, b) => a.length - b.length),
    language === 'zh' ? '研究报告' : 'Research',
  ];
  // Stated tags are completed to the minimum only; otherwise the strongest topics fill the list.
  const chosen = extend(stated, found, stated.length > 0 ? MIN_TAGS : MAX_TAGS);
  return chosen.length >= MIN_TAGS ? chosen : extend(chosen, padding, MIN_TAGS);
}

function coverStock(cover: CoverPage, pages: readonly string[]): StockInformation[] {
  if (!cover.ticker && !cover.rating && !cover.targetPrice) return [];
  const company_name = (cover.ticker && nameBesideTicker(pages, cover.ticker)) ?? titlePrefix(cover.title);
  return [{ ticker: cover.ticker, company_name, rating: cover.rating, target_price: cover.targetPrice }];
}

/** The cover gives no company name: a table row `Galvora Semiconductor 4232 JP Buy …` does. */
function nameBesideTicker(pages: readonly string[], ticker: string): string | null {
  for (const page of pages) {
    for (const line of page.split('\n')) {
      const at = line.indexOf(` ${ticker}`);
      const name = at > 0 ? line.slice(0, at).trim() : '';
      if (/^\p{L}[\p{L}\s&.'’-]{1,39}$/u.test(name)) return name;
    }
  }
  return null;
}

/** "Pellaro Interactive: guidance update" names the company before the colon. */
function titlePrefix(title: string): string | null {
  const prefix = /^([^:：]{2,40})[:：]/.exec(title)?.[1]?.trim();
  return prefix && prefix.split(/\s+/).length <= 5 ? prefix : null;
}

/** Analysts named on the first page of a broker note: `分析师：甲、乙` or `证券分析师` above a name. */
function analysts(firstPage: string): string[] {
  const inline = /分析师\s*[:：]\s*([^\n]+)/.exec(firstPage)?.[1];
  if (inline) return inline.split(/[、，,\s]+/).filter((n) => /^[\u4e00-\u9fff·]{2,5}$/.test(n));
  return [...firstPage.matchAll(/分析师\s*\n([\u4e00-\u9fff]{2,4})\n/g)].map((m) => m[1] ?? '');
}

/** `base` followed by those `candidates` it lacks (ignoring case), up to `limit` entries. */
function extend(base: readonly string[], candidates: readonly string[], limit: number): string[] {
  const out = [...base];
  const seen = new Set(base.map((t) => t.toLowerCase()));
  for (const candidate of candidates) {
    if (out.length >= limit) break;
    if (seen.has(candidate.toLowerCase())) continue;
    seen.add(candidate.toLowerCase());
    out.push(candidate);
  }
  return out;
}
