/**
 * CSV as spreadsheets write it (RFC 4180): comma-separated cells, a cell in double quotes may hold
 * commas, line breaks and doubled quotes. Small and strict: an unclosed quote is an error.
 */

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
    if (cells.length > 1 || cells[0]?.trim()) records.push({ line: start, cells });
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

/** One CSV line (with its CRLF, as RFC 4180 ends records). */
export function csvRow(cells: readonly string[]): string {
  return cells.map((c) => (needsQuotes.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n';
}
