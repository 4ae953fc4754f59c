import { findDates } from '../dates.js';
import type { PageLayout } from '../types.js';
import { isDateLine } from './boilerplate-line.js';
import { coverLines } from './cover-lines.js';

/** Dates of something else than the report: a price, a data cut-off, a file stamp. */
const OTHER_DATE = /price|close|closing|as (?:of|at)|data|prior|created|updated|last|截至|收盘|股价|数据/i;
/** More date lines than this on a cover make a table of dates, not a dateline. */
const MAX_DATE_LINES = 4;

/** "Fri, Feb 24, 2017 USDA Livestock, Poultry & Grain Market News": a dateline run on with a name. */
function startsWithDate(part: string): boolean {
  const first = findDates(part)[0];
  if (!first) return false;
  return /^\s*(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?\s*)?$/i.test(part.slice(0, first.index));
}

/**
 * The date printed on a report's cover as its own line ("19 March 2026", "2017年02月09日",
 * "报告日期：2022-11-12", "2 July 2026 | 5:01AM BST"), the top-most one; or the date of a
 * byline ("Analysis by David Toung, April 17, 2025"). Prices' and data dates are not it.
 */
export function coverDate(page: PageLayout | undefined, firstPage: string): string | null {
  if (page) {
    const dated = coverLines(page)
      .filter((l) => l.y > page.height * 0.08)
      .flatMap((l) => l.text.split(/\s+\|\s+(?=\D)/).map((part) => ({ part, y: l.y })))
      // A range ("07/01/2015 - 03/25/2016") is the period covered, not the day of publication.
      .filter(({ part }) => !OTHER_DATE.test(part) && (isDateLine(part) || startsWithDate(part)))
      .filter(({ part }) => findDates(part).length === 1);
    if (dated.length > 0 && dated.length <= MAX_DATE_LINES) {
      const found = findDates(dated[0]?.part ?? '')[0];
      if (found) return found.iso;
    }
  }
  const byline = /\b(?:Analysis )?by [A-Z][\p{L}'’-]+(?: [A-Z][\p{L}.'’-]*){1,2},([^\n]{0,40})/u.exec(
    firstPage,
  );
  return byline?.[1] ? (findDates(byline[1])[0]?.iso ?? null) : null;
}
