/**
 * CSV as spreadsheets write it (RFC 4180): comma-separated cells, a cell in double quotes may hold
 * commas, line breaks and doubled quotes. Small and strict: an unclosed quote is an error.
 *
 * A cell starting with = + - @, a tab or a carriage return is a formula to Excel and LibreOffice
 * (CSV injection: a term `=HYPERLINK(…)` is evaluated by whoever opens the export). The writer puts
 * an apostrophe before such a cell, and before one that already starts with apostrophes and then
 * such a character; the reader takes exactly one away there. So every export is inert in a
 * spreadsheet and reads back as written; a hand-written `'=x` is read as `=x`.
 */

/** A cell a spreadsheet would run, after the apostrophes this module may have put before it. */
const FORMULA = /^'*[=+\-@\t\r]/;

/** The cell as written: an apostrophe first where a spreadsheet would run it as a formula. */
const inertCell = (cell: string): string => (FORMULA.test(cell) ? `'${cell}` : cell);

/** The cell as it was before `inertCell`. */
const fromInertCell = (cell: string): string =>
  cell.startsWith("'") && FORMULA.test(cell) ? cell.slice(1) : cell;

export interface CsvRecord {
  /** The line (1-based) the record starts on, as a spreadsheet numbers it. */
  line: number;
  cells: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The records of `text`; blank lines are skipped; a leading byte-order mark is ignored. */
export function readCsv(text: string): CsvRecord[] {
  const src = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let openedOn = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]?.trim()) records.push({ line: start, cells: cells.map(fromInertCell) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
      openedOn = line;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') {
      endRecord();
      start = ++line;
    } else if (c !== '\r' || src[i + 1] !== '\n') cell += c;
  }
  if (quoted) throw new CsvError(openedOn, 'a quoted cell is not closed');
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

const needsQuotes = /[",\r\n]|^\s|\s$/;

/** One CSV line (with its CRLF, as RFC 4180 ends records), no cell a formula. */
export function csvRow(cells: readonly string[]): string {
  return (
    cells
      .map(inertCell)
      .map((c) => (needsQuotes.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
      .join(',') + '\r\n'
  );
}
