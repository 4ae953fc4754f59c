import { isBoilerplateLine } from './report/boilerplate-line.js';

/** Lines at the top of every filing or release that are never its title. */
const BOILERPLATE =
  /^(?:UNITED STATES|SECURITIES AND EXCHANGE COMMISSION|Washington|FOR IMMEDIATE RELEASE|NEWS RELEASE|Exhibit|Page \d|Table of Contents|Contents|目\s*录|请务必阅读)/i;

/** How far down page 1 a title may be. */
const TITLE_LINES = 15;

/**
 * The first line of page 1 that reads like a title: a heading of three or more words (or four or
 * more Han characters), not a sentence, not a table row, not a fragment with unbalanced brackets.
 * A leading section number ("1.1 ") is dropped.
 */
export function firstTitleLine(firstPage: string): string | null {
  for (const raw of firstPage.split('\n').slice(0, TITLE_LINES)) {
    const line = raw.replace(/^\d+(?:\.\d+)*\s+/, '').trim();
    if (line.length < 8 || line.length > 150 || BOILERPLATE.test(line) || isBoilerplateLine(line)) continue;
    if (!/^[A-Z\u4e00-\u9fff]/.test(line) || /[,;:，；：.。]$/.test(line) || /\.\s/.test(line)) continue;
    if (!balanced(line)) continue;
    const words = line.match(/[A-Za-z]{2,}/g) ?? [];
    const han = line.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
    const letters = line.match(/\p{L}/gu)?.length ?? 0;
    if (letters < line.replace(/\s/g, '').length * 0.6) continue;
    if ((words.length >= 3 && words.length <= 20) || han >= 4) return line;
  }
  return null;
}

/**
 * An info-dictionary title is often a short form of the heading printed on page 1 ("National Ag
 * Energy" for "National Weekly Ag Energy Round-Up"): the printed line wins when it holds every
 * word of the short form, in order, and only a few more.
 */
export function fullerPrintedTitle(title: string | undefined, firstPage: string): string | undefined {
  if (!title) return title;
  const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+|[\u4e00-\u9fff]/g) ?? [];
  const short = words(title);
  for (const raw of firstPage.split('\n').slice(0, 5)) {
    const line = raw.trim();
    const long = words(line);
    if (long.length <= short.length || long.length > short.length * 2 + 2 || line.length > 150) continue;
    let at = 0;
    for (const w of long) if (w === short[at]) at += 1;
    if (at === short.length) return line;
  }
  return title;
}

/** A file name made readable: `fed_monetary-policy.pdf` -> `fed monetary-policy`. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.pdf$/i, '');
  return base.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim() || fileName;
}

function balanced(line: string): boolean {
  const pairs: [string, string][] = [
    ['(', ')'],
    ['“', '”'],
    ['（', '）'],
    ['[', ']'],
  ];
  return pairs.every(([open, close]) => line.split(open).length === line.split(close).length);
}
