import { dateAfter, findDates } from './dates.js';
import type { DocumentKind } from './identify-document.js';
import type { PdfInfo } from './types.js';

export interface DateEvidence {
  pages: readonly string[];
  info: PdfInfo;
  /** The date printed on a cover in the library's own layout. */
  coverDate: string | null;
  kind: DocumentKind;
  /** YYYY-MM-DD; later dates are typos or placeholders, never a publication date. */
  today: string;
}

/** Lines at the top of page 1 where a press release or a note prints its date. */
const DATELINE_LINES = 25;
/** More dates than this at the top of page 1 make a table of dates, not a dateline. */
const DATELINE_MAX_DATES = 3;

/**
 * The publication date, from the strongest evidence that is not in the future: the cover, the
 * filing date in the info dictionary (EDGAR renderers write "filed on 2023-02-10"), the dates a
 * filing or a Chinese report states for itself, a dateline at the top of page 1, and last the
 * file's creation date (which for re-rendered filings can be years late, hence last).
 */
export function inferPublishDate(evidence: DateEvidence): string | null {
  const { pages, info, today } = evidence;
  // The dates a filing states for itself are on its cover; a release quotes other periods' ends.
  const cover = evidence.kind === 'sec_filing' ? pages.slice(0, 12).join('\n') : '';
  const ends = [...pages.slice(0, 5), ...pages.slice(-5)].join('\n');
  const topDates = findDates((pages[0] ?? '').split('\n').slice(0, DATELINE_LINES).join('\n'));
  const infoText = [info.subject, info.title].filter(Boolean).join('\n');
  const created = info.creationDate?.slice(0, 10);

  const candidates: (() => string | null | undefined)[] = [
    () => evidence.coverDate,
    () => dateAfter(infoText, /\bfiled(?: on)?/i, 20),
    () => dateAfter(cover, /Date of Report/i, 120),
    () => dateAfter(cover, /For the (?:fiscal year|quarterly period|quarter|period|year) ended/i, 60),
    () => dateAfter(ends, /(?:批准报送|报告|发布)日期/, 30),
    () => (topDates.length <= DATELINE_MAX_DATES ? topDates[0]?.iso : null),
    () => (created && created >= '1990-01-01' ? created : null),
  ];
  for (const candidate of candidates) {
    const date = candidate();
    if (date && date <= today) return date;
  }
  return null;
}
