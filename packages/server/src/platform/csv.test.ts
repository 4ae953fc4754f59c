import { describe, expect, it } from 'vitest';
import { csvRow, CsvError, readCsv } from './csv.js';

describe('CSV', () => {
  it('reads plain and quoted cells, with commas, quotes and line breaks inside quotes', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\n\nlast,,\n';
    expect(readCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 5, cells: ['last', '', ''] },
    ]);
  });

  it('reads a last record without a line break', () => {
    expect(readCsv('a,b\nc,d')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
  });

  it('refuses a quote that is never closed, naming the line it opened on', () => {
    const error = (() => {
      try {
        readCsv('a,b\n"open,c\nd');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CsvError);
    expect((error as CsvError).line).toBe(2);
  });

  it('writes what it reads back', () => {
    const rows = [
      ['利率互换', 'interest rate swap|IRS', 'rates'],
      ['a,b', 'say "x"', ' padded'],
    ];
    const text = rows.map(csvRow).join('');
    expect(text.startsWith('利率互换,interest rate swap|IRS,rates\r\n')).toBe(true);
    expect(readCsv(text).map((r) => r.cells)).toEqual(rows);
  });

  it('writes a cell a spreadsheet would run as a formula with an apostrophe first, and reads it back without', () => {
    const rows = [
      ['=HYPERLINK(A1)', '+1', '-2', '@SUM(A1)'],
      ['\t=1', '\r=1', "'=already", "'plain"],
      ['a=b', 'x-y', "it's", ''],
    ];
    const text = rows.map(csvRow).join('');
    expect(text.split('\r\n').slice(0, 3)).toEqual([
      "'=HYPERLINK(A1),'+1,'-2,'@SUM(A1)",
      // One more apostrophe where one was already: the reader takes exactly one away.
      `'\t=1,"'\r=1",''=already,'plain`,
      "a=b,x-y,it's,",
    ]);
    expect(readCsv(text).map((r) => r.cells)).toEqual(rows);
  });
});
