import type { ReportType } from '@rl/contract';
import { brokerName, type DocumentIdentity } from '../identify-document.js';
import type { ExtractedPdf } from '../types.js';
import { readAnalysts, type Analysts } from './author-block.js';
import { isBoilerplateLine, isDepartmentLine } from './boilerplate-line.js';
import { coverDate } from './cover-date.js';
import { coverLines } from './cover-lines.js';
import { coverTitle } from './cover-title.js';
import { chineseCopyrightHolder, englishIssuer } from './report-issuer.js';
import { classifyReportType } from './report-type.js';
import { runningHeaderTitle } from './running-header.js';

/** What a report's first pages say about it; null where they do not say. */
export interface ReportReading {
  /** The cover's title; null when page 1 prints none (an excerpt, a table). */
  title: string | null;
  /** The publication named by the running header, for documents without a cover title. */
  runningTitle: string | null;
  issuer: string | null;
  /** YYYY-MM-DD as printed on the cover; null for filings, whose dates their structure tells. */
  date: string | null;
  analysts: Analysts;
  reportType: ReportType;
}

/** Pages whose legal notices and footers name the author (a note's disclosures come at its end). */
function noticePages(pages: readonly string[]): string[] {
  return pages.length <= 8 ? [...pages] : [...pages.slice(0, 4), ...pages.slice(-6)];
}

/** The cover's own words: its department lines, and its short lines (rating, target, tickers) apart. */
function coverWords(pdf: ExtractedPdf): { departments: string; cover: string } {
  const page = pdf.layout?.[0];
  const lines = page ? coverLines(page).map((l) => l.text) : (pdf.pages[0] ?? '').split('\n').slice(0, 30);
  const departments = lines.filter(isDepartmentLine);
  const short = lines.filter((l) => (l.match(/\S+/g)?.length ?? 0) <= 12 && !isBoilerplateLine(l));
  return { departments: departments.join('\n'), cover: short.join('\n') };
}

/**
 * Reads a report the way a person does: the title from the cover's largest heading, the firm
 * from its legal notices, the date and the analysts from the cover, the type from the desk or
 * series it names. Filings and listed companies' reports keep what their structure says.
 */
export function readReport(pdf: ExtractedPdf, identity: DocumentIdentity): ReportReading {
  const { pages } = pdf;
  const firstPage = pages[0] ?? '';
  const page = pdf.layout?.[0];
  const filing =
    identity.kind === 'sec_filing' ||
    identity.kind === 'cn_company_report' ||
    identity.kind === 'press_release';
  const title = filing ? identity.title : coverTitle(page);
  const runningTitle = filing ? null : runningHeaderTitle(pages);
  const chinese = /[\u4e00-\u9fff]{20,}/.test(pages.slice(0, 3).join(''));
  const notices = noticePages(pages);
  const byNotices = chinese
    ? (chineseCopyrightHolder(notices) ?? brokerName(pages.join('\n')))
    : englishIssuer(notices, identity.kind === 'broker_note');
  // A broker names itself in its notices; a central bank or a ministry is recognised by name.
  const issuer = filing
    ? identity.issuer
    : identity.kind === 'broker_note'
      ? (byNotices ?? identity.issuer)
      : (identity.issuer ?? byNotices);
  const date = filing ? null : coverDate(page, firstPage);
  const analysts = filing
    ? { names: [], registrations: {} }
    : readAnalysts(page, firstPage, identity.kind === 'broker_note');
  const reportType = classifyReportType({
    filing,
    research: identity.kind === 'broker_note',
    title: [title, runningTitle, pdf.info.title].filter(Boolean).join('\n'),
    ...coverWords(pdf),
  });
  return { title, runningTitle, issuer, date, analysts, reportType };
}
