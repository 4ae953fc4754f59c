import type { AssetClass, Country, NoteSources, ReportLanguage, ReportType, SectorId } from '@rl/contract';
import { noteSources } from './note-sources.js';
import { contentPages } from './boilerplate.js';
import { boundedReading } from './bounded-reading.js';
import { classifyAssetClass, classifyCountry, type Sample } from './classify.js';
import { parseClassification, parseCoverPage, type CoverPage } from './demo-cover.js';
import { detectLanguage } from './detect-language.js';
import { firstTitleLine, fullerPrintedTitle, titleFromFileName } from './fallback-title.js';
import { identifyDocument, type DocumentIdentity } from './identify-document.js';
import { inferPublishDate } from './infer-date.js';
import { topKeywords } from './keywords.js';
import { plausibleAuthors, plausibleIssuer, plausibleKeywords, plausibleTitle } from './plausible-info.js';
import { readReport } from './report/read-report.js';
import { monthNamed } from './report/running-header.js';
import { classifyReportType } from './report/report-type.js';
import { findIndustryRating, type IndustryRating } from './research/industry-rating.js';
import { coverTextLines } from './research/cover-text-lines.js';
import { findStockInformation, noteSector, type StockInformation } from './stock-info.js';
import { asTag, topicTags, ZH_LABELS } from './topics.js';
import type { ExtractedPdf } from './types.js';

export { textQuality } from './text-quality.js';

export interface InferredMeta {
  title: string;
  /** The firm that wrote it (a broker, a central bank, the filing company); empty when nobody can be named. */
  issuer: string;
  /** The analysts' names (persons, never e-mail addresses, phone numbers or titles). */
  authors: string[];
  /** Registration numbers printed beside analysts' names (执业证书编号 S…), by name. */
  authorRegistrations: Record<string, string>;
  reportType: ReportType;
  /** YYYY-MM-DD, never after `today`. */
  publishDate: string | null;
  language: ReportLanguage;
  assetClass: AssetClass;
  country: Country;
  /** 3 to 8 short topic tags. */
  tags: string[];
  keywords: string[];
  /** The companies the note is about (its subject): a company note's company, a credit note's issuer. */
  stockInformation: StockInformation[];
  /**
   * Companies an industry note names as examples of its sector: findable by their names and
   * tickers, never the note's subject (no company page or follow of theirs lists the note as theirs).
   */
  mentionedCompanies?: StockInformation[];
  /** Our sector group of a company or industry note. */
  sector: SectorId | null;
  /** The broker's view on the sector, as printed (never a company's rating). */
  industryRating?: IndustryRating;
  /** Where the note's own facts were printed; absent on documents made for the library. */
  sources?: NoteSources;
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

  const reading = curated ? null : readReport(pdf, identity);

  const text = pages.slice(0, SAMPLE_PAGES).join('\n').slice(0, SAMPLE_CHARS);
  const language = detectLanguage(text || info.title || '');
  const infoTitle = curated
    ? plausibleTitle(info.title, info)
    : fullerPrintedTitle(plausibleTitle(info.title, info) ?? undefined, firstPage);
  // A broker's Title is mostly a file name, a publisher's is what it printed; a structure's title
  // (a filing's form, a release's headline) beats both.
  const stated = curated
    ? [infoTitle, cover?.title]
    : identity.title
      ? [identity.title]
      : identity.kind === 'broker_note'
        ? [reading?.title, infoTitle]
        : [infoTitle, reading?.title];
  // The file name only when nothing in the document names it.
  const title =
    stated.find((t): t is string => Boolean(t)) ??
    reading?.runningTitle ??
    firstTitleLine(firstPage) ??
    titleFromFileName(fileName);
  // What the report itself says: no disclaimers, disclosure pages or running headers (boilerplate.ts).
  const sample: Sample = {
    title,
    text: contentPages(pages).slice(0, SAMPLE_PAGES).join('\n').slice(0, SAMPLE_CHARS),
    cover: firstPage,
  };

  const issuer =
    (curated ? (plausibleIssuer(info.creator, info.producer) ?? cover?.issuer) : reading?.issuer) ?? '';
  const assetClass =
    subject?.assetClass ??
    cover?.assetClass ??
    classifyAssetClass(sample, identity.kind, reading?.reportType);
  const country =
    subject?.country ??
    cover?.country ??
    classifyCountry(sample, identity.kind, language, reading?.reportType);
  const readAuthors = !curated && Boolean(reading?.analysts.names.length);
  const authors = readAuthors
    ? (reading?.analysts.names ?? [])
    : (plausibleAuthors(info.author) ?? (curated ? cover?.authors : undefined) ?? []);
  const infoKeywords = plausibleKeywords(info.keywords);
  const keywords = extend(
    [],
    [...infoKeywords, ...topKeywords(sample.text, language, MAX_KEYWORDS, [issuer], authors)],
    MAX_KEYWORDS,
  );

  const reportType = reading?.reportType ?? coverReportType(cover);
  const companies = cover
    ? coverStock(cover, pages, () => findStockInformation(pages, identity, pdf.layout))
    : findStockInformation(pages, identity, pdf.layout);
  const coverDate = cover?.publishDate ?? reading?.date ?? null;
  const publishDate = inferPublishDate({
    pages,
    info,
    coverDate,
    namedMonth: monthNamed(title),
    kind: identity.kind,
    today: opts.today,
  });
  const sector = noteSector(pages, reportType, companies);
  const industryNote = reportType === 'industry';
  const industryRating = curated ? null : findIndustryRating(coverTextLines(firstPage), industryNote);
  const dateOnCover = publishDate !== null && publishDate === coverDate;
  const facts = { title, titleRead: stated.includes(title), issuer, publishDate, dateOnCover, authors };
  const read = { ...facts, authorsRead: readAuthors, reportType, sector, industryRating };
  const sources = curated ? null : noteSources(pages, read);

  return boundedReading({
    title: issuer && title.startsWith(`${issuer}-`) ? title.slice(issuer.length + 1) : title,
    issuer,
    authors,
    authorRegistrations: reading?.analysts.registrations ?? {},
    reportType,
    publishDate,
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
    ...subjectOrMentioned(companies, industryNote),
    sector: sector?.sector ?? null,
    // Present only when the note prints a view on its sector.
    ...sectorView(industryRating),
    ...(sources && Object.keys(sources).length > 0 ? { sources } : {}),
    pageCount: pdf.numPages,
  });
}

/**
 * An industry note is about its sector: the companies it names are examples of it, however
 * prominent, and mentioned only. One company with its own rating or target, though, is the mark of a
 * company note read as an industry note (a sector is covered through several companies, a company
 * note prints its one company's box): that company stays the note's subject.
 */
function subjectOrMentioned(
  companies: StockInformation[],
  industryNote: boolean,
): Pick<InferredMeta, 'stockInformation' | 'mentionedCompanies'> {
  const one = companies.length === 1 ? companies[0]! : null;
  const oneRated = one !== null && Boolean(one.rating || one.target_price || one.target_price_value != null);
  if (!industryNote || oneRated || companies.length === 0) return { stockInformation: companies };
  return { stockInformation: [], mentionedCompanies: companies };
}

/** A library-made cover states its type in words. */
const coverReportType = (cover: CoverPage | null): ReportType =>
  classifyReportType({
    filing: false,
    research: true,
    title: cover?.reportType ?? '',
    departments: '',
    cover: '',
  });

const sectorView = (rating: IndustryRating | null): { industryRating?: IndustryRating } =>
  rating ? { industryRating: rating } : {};

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
    ...input.keywords
      .filter((k) => k.length <= 20)
      .sort((a, b) => a.length - b.length)
      .map(asTag),
    language === 'zh' ? '研究报告' : 'Research',
  ];
  // Stated tags are completed to the minimum only; otherwise the strongest topics fill the list.
  const chosen = extend(stated, found, stated.length > 0 ? MIN_TAGS : MAX_TAGS);
  return chosen.length >= MIN_TAGS ? chosen : extend(chosen, padding, MIN_TAGS);
}

/**
 * The company of a cover with a stock line: as the research reader reads any note (canonical
 * ticker, action, target value and currency), else the stock line's strings.
 */
function coverStock(
  cover: CoverPage,
  pages: readonly string[],
  readAsNote: () => StockInformation[],
): StockInformation[] {
  if (!cover.ticker && !cover.rating && !cover.targetPrice) return [];
  const company_name = (cover.ticker && nameBesideTicker(pages, cover.ticker)) ?? titlePrefix(cover.title);
  const read = readAsNote();
  if (read.length === 1) return read.map((s) => ({ ...s, company_name: s.company_name ?? company_name }));
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
