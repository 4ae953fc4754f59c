import type { NoteSources, ReportType } from '@rl/contract';
import { dateAt, printedAt, sourceAt, type FactSource } from './fact-source.js';
import { typeCue } from './report/report-type.js';

/** What a reading chose for a note's own facts, and by which rule, to say where each was printed. */
export interface NoteReading {
  title: string;
  /** Read from the cover (or the document's structure) rather than a running header or a file name. */
  titleRead: boolean;
  issuer: string;
  publishDate: string | null;
  /** The date is the one the cover prints as its own line. */
  dateOnCover: boolean;
  authors: readonly string[];
  /** Read from the cover's author block rather than the info dictionary. */
  authorsRead: boolean;
  reportType: ReportType;
  sector: { source: FactSource | null } | null;
  industryRating: { source?: FactSource } | null;
}

/**
 * Where the note's own facts were printed. The report readers (report/) choose among the cover's
 * drawn lines; the stored text holds the same words, so each chosen value is found again on the
 * page that prints it. A fact chosen by a fallback (a running header's title, the info dictionary's
 * authors, a date not on the cover) is unsure; a fact no page prints (a file name) has no source.
 */
export function noteSources(pages: readonly string[], read: NoteReading): NoteSources {
  const all = pages.map((_, i) => i + 1);
  const out: NoteSources = {};
  const title = printedAt(pages, read.title, read.titleRead ? [1] : all, !read.titleRead);
  if (title) out.document_title = title;
  const issuer = read.issuer ? printedAt(pages, read.issuer, all, false, { shortest: true }) : null;
  if (issuer) out.issuer = issuer;
  const date = read.publishDate
    ? read.dateOnCover
      ? dateAt(pages, read.publishDate, [1])
      : dateAt(pages, read.publishDate, all, true)
    : null;
  if (date) out.publish_date = date;
  const author = read.authors[0]
    ? printedAt(pages, read.authors[0], all, !read.authorsRead, { shortest: true })
    : null;
  if (author) out.author = author;
  const type = typeSource(pages[0] ?? '', read.reportType);
  if (type) out.report_type = type;
  if (read.sector?.source) out.sector = read.sector.source;
  if (read.industryRating?.source) out.industry_rating = read.industryRating.source;
  return out;
}

/** The first line of the cover naming the desk or series of the type (`公司深度报告`, `Credit Research`). */
function typeSource(firstPage: string, type: ReportType): FactSource | null {
  const cue = typeCue(type);
  if (!cue) return null;
  const line = firstPage.split('\n').find((l) => cue.test(l));
  return line ? sourceAt(1, line) : null;
}
