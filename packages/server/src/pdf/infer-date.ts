import { dateAfter, findDates } from './dates.js';
import type { DocumentKind } from './identify-document.js';
import type { PdfInfo } from './types.js';

export interface DateEvidence {
  pages: readonly string[];
  info: PdfInfo;
  /** The date printed on a cover in the library's own layout. */
  coverDate: string | null;
  kind: DocumentKind;
  /** The month the document names for itself ("Monetary Policy Report: July 2024"), YYYY-MM-01. */
  namedMonth?: string | null;
  /** YYYY-MM-DD; later dates are typos or placeholders, never a publication date. */
  today: string;
}

/** The sentence above a filing's signatures, and how far below it the signing date is printed. */
const SIGNED = /duly\s+caused\s+this\s+report\s+to\s+be\s+signed/i;
const SIGNATURE_WINDOW = 400;

/** Whether a file's creation date may stand for its publication date. */
function createdCounts(evidence: DateEvidence, created: string): boolean {
  if (evidence.kind !== 'other') return true;
  return Boolean(evidence.namedMonth && created.startsWith(evidence.namedMonth.slice(0, 7)));
}

/** Lines at the top of page 1 where a press release or a note prints its date. */
const DATELINE_LINES = 25;
/** More dates than this at the top of page 1 make a table of dates, not a dateline. */
const DATELINE_MAX_DATES = 3;

/**
 * The publication date, from the strongest evidence that is not in the future: the cover, the
 * filing date in the info dictionary (EDGAR renderers write "filed on 2023-02-10"), the dates a
 * filing or a Chinese report states for itself, a dateline at the top of page 1, and last the
 * file's creation date (which for re-rendered filings can be years late, hence last). A document
 * without a known structure that prints no date (a table, an excerpt) is not dated by when its
 * file was made, unless that day falls in the month it names; else that month's first day.
 */
export function inferPublishDate(evidence: DateEvidence): string | null {
  const { pages, info, today } = evidence;
  // The dates a filing states for itself are on its cover; a release quotes other periods' ends.
  const filing = evidence.kind === 'sec_filing';
  const cover = filing ? pages.slice(0, 12).join('\n') : '';
  const ends = [...pages.slice(0, 5), ...pages.slice(-5)].join('\n');
  const topDates = findDates((pages[0] ?? '').split('\n').slice(0, DATELINE_LINES).join('\n'));
  const infoText = [info.subject, info.title].filter(Boolean).join('\n');
  const created = info.creationDate?.slice(0, 10);

  const candidates: (() => string | null | undefined)[] = [
    () => evidence.coverDate,
    () => dateAfter(infoText, /\bfiled(?: on)?/i, 20),
    // A filing is published when it is signed: "has duly caused this report to be signed … Date: February 7, 2019".
    () => (filing ? dateAfter(pages.join('\n'), SIGNED, SIGNATURE_WINDOW) : null),
    () => dateAfter(cover, /Date of Report/i, 120),
    () => dateAfter(cover, /For the (?:fiscal year|quarterly period|quarter|period|year) ended/i, 60),
    () => dateAfter(ends, /(?:批准报送|报告|发布)日期/, 30),
    () => (topDates.length <= DATELINE_MAX_DATES ? topDates[0]?.iso : null),
    () => (created && created >= '1990-01-01' && createdCounts(evidence, created) ? created : null),
    () => evidence.namedMonth,
  ];
  for (const candidate of candidates) {
    const date = candidate();
    if (date && date <= today) return date;
  }
  return null;
}
