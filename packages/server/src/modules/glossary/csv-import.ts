import {
  GLOSSARY_CSV_HEADER,
  GLOSSARY_DOMAINS,
  GLOSSARY_IMPORT_MAX_LINES,
  GlossaryEnForms,
  GlossaryZhForms,
  type GlossaryDomain,
} from '@rl/contract';
import type { z } from 'zod';
import { fromEnglish } from '../../messages/from-english.js';
import { msg, type Message } from '../../messages/message.js';
import { csvRow, CsvError, readCsv } from '../../platform/csv.js';
import type { GlossaryEntry } from './builtin-glossary.js';
import { isActive, sameEntry, zhKey, zhOwners, type GlossaryItem } from './effective.js';

/** The glossary's CSV: `zh,en,domain`, each side's forms separated by `|`, preferred first. */

export interface ImportProblem {
  line: number;
  problem: Message;
}

export interface ImportLine {
  line: number;
  entry: GlossaryEntry;
}

/** What an import does: each line's term (null: a new one) and its entry; the counts. */
export interface ImportPlan {
  writes: { target: GlossaryItem | null; entry: GlossaryEntry }[];
  added: number;
  updated: number;
  unchanged: number;
  problems: ImportProblem[];
}

const DOMAINS: ReadonlySet<string> = new Set(GLOSSARY_DOMAINS);
const splitForms = (cell: string) => cell.split('|').map((f) => f.trim());

function firstIssue(result: z.ZodSafeParseResult<unknown>, column: string): Message | null {
  if (result.success) return null;
  const text = result.error.issues[0]?.message ?? '';
  return msg('glossaryCsvCell', { column, problem: fromEnglish(text) ?? msg('isInvalid') });
}

/** The file's terms, each checked as the console checks one; every bad line is named. */
export function readGlossaryCsv(text: string): { lines: ImportLine[]; problems: ImportProblem[] } {
  let records;
  try {
    records = readCsv(text);
  } catch (e) {
    if (e instanceof CsvError)
      return { lines: [], problems: [{ line: e.line, problem: msg('glossaryCsvQuote') }] };
    throw e;
  }
  const [header, ...rows] = records;
  if (!header || header.cells.map((c) => c.trim().toLowerCase()).join(',') !== GLOSSARY_CSV_HEADER)
    return { lines: [], problems: [{ line: header?.line ?? 1, problem: msg('glossaryCsvHeader') }] };
  if (rows.length > GLOSSARY_IMPORT_MAX_LINES)
    return {
      lines: [],
      problems: [{ line: 1, problem: msg('glossaryCsvTooManyLines', { max: GLOSSARY_IMPORT_MAX_LINES }) }],
    };

  const lines: ImportLine[] = [];
  const problems: ImportProblem[] = [];
  for (const { line, cells } of rows) {
    if (cells.length !== 3) {
      problems.push({ line, problem: msg('glossaryCsvColumns', { count: cells.length }) });
      continue;
    }
    const [zhCell = '', enCell = '', domainCell = ''] = cells;
    const zh = GlossaryZhForms.safeParse(splitForms(zhCell));
    const en = GlossaryEnForms.safeParse(splitForms(enCell));
    const domain = domainCell.trim();
    const problem =
      firstIssue(zh, 'zh') ??
      firstIssue(en, 'en') ??
      (DOMAINS.has(domain)
        ? null
        : msg('glossaryCsvCell', { column: 'domain', problem: msg('glossaryBadDomain') }));
    if (problem || !zh.success || !en.success) problems.push({ line, problem: problem ?? msg('isInvalid') });
    else lines.push({ line, entry: { zh: zh.data, en: en.data, domain: domain as GlossaryDomain } });
  }
  return { lines, problems };
}

/**
 * Matches each line to the term its Chinese forms belong to: that term is changed (or left as it
 * is), a line whose forms belong to none adds a term. A line whose forms belong to two terms, or
 * share a form with another line, is a problem.
 */
export function planImport(items: readonly GlossaryItem[], lines: readonly ImportLine[]): ImportPlan {
  const owners = zhOwners(items);
  const seenOn = new Map<string, number>();
  const plan: ImportPlan = { writes: [], added: 0, updated: 0, unchanged: 0, problems: [] };
  for (const { line, entry } of lines) {
    const keys = entry.zh.map(zhKey);
    const twice = keys.find((k) => seenOn.has(k));
    if (twice !== undefined) {
      plan.problems.push({
        line,
        problem: msg('glossaryCsvTwice', { form: twice, other: seenOn.get(twice) ?? 0 }),
      });
      continue;
    }
    for (const k of keys) seenOn.set(k, line);
    const targets = [...new Set(keys.flatMap((k) => owners.get(k) ?? []))];
    const [target, other] = targets;
    if (target && other) {
      const a = target.entry.zh[0] ?? '';
      const b = other.entry.zh[0] ?? '';
      plan.problems.push({ line, problem: msg('glossaryCsvTwoTerms', { a, b }) });
    } else if (!target) {
      plan.writes.push({ target: null, entry });
      plan.added++;
    } else if (sameEntry(target.entry, entry)) plan.unchanged++;
    else {
      plan.writes.push({ target, entry });
      plan.updated++;
    }
  }
  return plan;
}

/** The terms in use as CSV, the import's format: an export imported again changes nothing. */
export function glossaryCsv(items: readonly GlossaryItem[]): string {
  const rows = items
    .filter(isActive)
    .map((i) => csvRow([i.entry.zh.join('|'), i.entry.en.join('|'), i.entry.domain]));
  return csvRow(GLOSSARY_CSV_HEADER.split(',')) + rows.join('');
}
