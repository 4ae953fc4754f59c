/**
 * Target prices as printed on a note's cover: `Price Target (Dec-26): HK$690.00`, `PO: 5,600 TWD`,
 * `12m price target Won3,000,000`, `TARGET PRICE (TWD)` above `3350.00`, `目标价：166港元`.
 */

import { sourceAt, type FactSource } from '../fact-source.js';

export interface Amount {
  value: number;
  /** ISO 4217, or null when nothing printed says which. */
  currency: string | null;
  printed: string;
}

export interface CoverTarget {
  target: Amount | null;
  previous: Amount | null;
  /** The cover lines (page 1) they were read from; a target read from prose is unsure. */
  sources?: { target?: FactSource; previous?: FactSource };
}

/** `found` with the lines its target and previous target were read from. */
function withSources(
  found: CoverTarget | null,
  targetLine: string,
  previousLine: string | null,
  unsure: boolean,
): CoverTarget | null {
  if (!found) return null;
  const sources: NonNullable<CoverTarget['sources']> = {};
  if (found.target) sources.target = sourceAt(1, targetLine, unsure);
  if (found.previous && previousLine) sources.previous = sourceAt(1, previousLine, unsure);
  return { ...found, sources };
}

/** Currency marks before or after a number, longest first. */
const CURRENCY_MARKS: [string, string][] = [
  ['HK$', 'HKD'],
  ['US$', 'USD'],
  ['NT$', 'TWD'],
  ['S$', 'SGD'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['RMB', 'CNY'],
  ['Rmb', 'CNY'],
  ['CNY', 'CNY'],
  ['HKD', 'HKD'],
  ['USD', 'USD'],
  ['TWD', 'TWD'],
  ['NTD', 'TWD'],
  ['KRW', 'KRW'],
  ['JPY', 'JPY'],
  ['SGD', 'SGD'],
  ['AUD', 'AUD'],
  ['CAD', 'CAD'],
  ['EUR', 'EUR'],
  ['GBP', 'GBP'],
  ['GBp', 'GBP'],
  ['INR', 'INR'],
  ['Won', 'KRW'],
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
  ['₩', 'KRW'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['₹', 'INR'],
  ['¥', 'JPY'],
  ['$', 'USD'],
  ['港元', 'HKD'],
  ['港币', 'HKD'],
  ['美元', 'USD'],
  ['新台币', 'TWD'],
  ['韩元', 'KRW'],
  ['日元', 'JPY'],
  ['人民币', 'CNY'],
  ['元', 'CNY'],
];

/** Currencies as words of text (`HKD`, `Rmb`, `港元`): no topic of a report. */
export const CURRENCY_WORDS: ReadonlySet<string> = new Set(
  CURRENCY_MARKS.map(([mark]) => mark).filter(
    (mark) => /^(?:[A-Z][A-Za-z]{2}|[\u4e00-\u9fff]{2,})$/.test(mark) && mark !== 'Won',
  ),
);

const escape = (s: string) => s.replace(/[$.]/g, '\\$&');
const MARK = CURRENCY_MARKS.map(([m]) => escape(m)).join('|');
const NUMBER = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?';
/** An amount: `HK$690.00`, `HKD 727.00`, `5,600 TWD`, `166港元`, `12.50`. */
const AMOUNT = new RegExp(
  `(?:(${MARK})\\s?)?(${NUMBER})(?:(mn|m|bn|k)(?![A-Za-z]))?(?:\\s?(${MARK}))?(?![\\d%xX])`,
);
const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, bn: 1e9 };

const TARGET_LABEL =
  '(?:(?:12|6|twelve|six)[- ]?(?:month|mth|m)\\s+)?(?:price\\s+target|target\\s+price|price\\s+objective|price\\s+obj\\.?|fair\\s+value(?:\\s+estimate)?|\\bPO\\b|\\bTP\\b|\\bPT\\b)|(?:\\d+个月)?目标价(?:格)?|合理价值';
const PREVIOUS_LABEL =
  '(?:prior|previous|prev\\.?|old|was)(?:\\s+(?:target(?:\\s+price)?|TP|PT|PO|price\\s+target))?|(?:上次|前次|原|此前)目标价(?:格)?|reduced\\s+from|raised\\s+from|lowered\\s+from|increased\\s+from|cut\\s+from|from';
/** What sits between a label and its amount: a horizon, a currency, a colon. */
const GAP =
  '(?:\\s*[-–]?\\s*(?:\\((?:[^()]{1,12})\\)|（[^（）]{1,12}）|12mth|12m|\\d{1,2}[- ]?(?:month|mth)s?))*\\s*[:：]?\\s*';

/** `Rating: Buy `, `评级：买入 `: a labelled field of a data line, just before a target's label. */
const DATA_FIELD_BEFORE = /[:：]\s*[^\s:：]{1,20}\s+$/;
const LABELLED_TARGET = new RegExp(`(${TARGET_LABEL})${GAP}`, 'i');
const LABELLED_PREVIOUS = new RegExp(`(?:^|[\\s(（])(${PREVIOUS_LABEL})${GAP}`, 'i');

/** The amount a printed string holds, with the currency it names (`HK$690.00` -> 690 HKD). */
export function parseAmount(printed: string, labelCurrency: string | null = null): Amount | null {
  const m = AMOUNT.exec(printed);
  if (!m) return null;
  // "Won3.00m": brokers shorten large prices.
  const value = Number((m[2] ?? '').replace(/,/g, '')) * (MULTIPLIERS[m[3] ?? ''] ?? 1);
  if (!Number.isFinite(value) || value <= 0) return null;
  const mark = m[1] ?? m[4];
  return {
    value,
    currency: (mark ? currencyOf(mark) : null) ?? labelCurrency,
    printed: m[0].trim(),
  };
}

export function currencyOf(mark: string): string | null {
  return CURRENCY_MARKS.find(([m]) => m === mark.trim())?.[1] ?? null;
}

/** The currency a label names in brackets: `Price target (CNY)`, `目标价(港元)`. */
function labelCurrency(label: string): string | null {
  const m = new RegExp(`[(（]\\s*(${MARK})\\s*(?:m|mn)?\\s*[)）]`).exec(label);
  return m ? currencyOf(m[1] ?? '') : null;
}

/** The target price and the previous target a cover prints. */
export function findCoverTarget(lines: readonly string[]): CoverTarget {
  // A data box's label opens its line (or a `|` cell); prose ("PT Won3.00m from…") is read last.
  return targetIn(lines, true) ?? targetIn(lines, false) ?? { target: null, previous: null };
}

function targetIn(lines: readonly string[], boxOnly: boolean): CoverTarget | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const label = LABELLED_TARGET.exec(line);
    if (!label) continue;
    const before = line.slice(0, label.index);
    if (boxOnly && !/(?:^|[|│]\s*)$/.test(before)) continue;
    // Read in the second pass, but behind another field of a data line ("Rating: Buy Target price: …"),
    // not in a sentence.
    const unsure = !boxOnly && !DATA_FIELD_BEFORE.test(before);
    // A table's cell: its header and the row of values under it.
    const cells = `${line} ${lines[i + 1] ?? ''}`;
    const header = withSources(tableHeader(line, lines[i + 1] ?? ''), cells, cells, unsure);
    if (header) return header;
    const rest = line.slice(label.index + label[0].length);
    const currency = labelCurrency(label[0]);
    // The amount follows on the line, or on the next lines when the label stands alone
    // ("Target price" / "Reduced from" / "HKD 775.00" / "HKD 727.00").
    const inline = /^[\s(]*(?:[A-Z]{0,3}\$|[A-Z][a-z]{0,2}|[A-Z]{3}|[^\x20-\x7f]{0,3})?\s?\d/.test(rest)
      ? parseAmount(rest, currency)
      : null;
    if (inline) {
      const row = changeRow(lines, i, rest, currency);
      if (row) return withSources(row, line, line, unsure);
      const previous = previousNear(lines, i, rest);
      return withSources(
        { target: inline, previous: previous?.amount ?? null },
        line,
        previous?.line ?? null,
        unsure,
      );
    }
    if (rest.trim() !== '') continue;
    const below = amountsBelow(lines, i, currency);
    if (below) return below;
  }
  return null;
}

/** `TARGET PRICE (TWD) PREVIOUS TARGET (TWD)` above `3350.00 2800.00`: values in the labels' order. */
function tableHeader(line: string, next: string): CoverTarget | null {
  const previous = LABELLED_PREVIOUS.exec(line);
  const target = LABELLED_TARGET.exec(line);
  if (!previous || !target || !/^[\d,.\s]+$/.test(next.replace(/[+-]?\d+(?:\.\d+)?%/g, ''))) return null;
  const values = next.split(/\s+/).filter((v) => /^[\d,.]+$/.test(v));
  const [first, second] = values;
  if (first === undefined || second === undefined) return null;
  const targetFirst = target.index < previous.index;
  const currency = labelCurrency(line.slice(target.index));
  const amount = (v: string) => parseAmount(v, currency);
  return targetFirst
    ? { target: amount(first), previous: amount(second) }
    : { target: amount(second), previous: amount(first) };
}

/** The header of a table of changes: "From To", "Prev Cur", "Previous Current", "Old New". */
const CHANGE_HEADER = /\b(?:from|prev(?:ious)?|old|prior)\s+(?:to|cur(?:rent)?|new)\s*$/i;

/**
 * `Price Target $365.00 $240.00` under a "From To" header: the row of a table of changes, the
 * previous value first. The first amount of such a row is the one the note moved away from.
 */
function changeRow(
  lines: readonly string[],
  at: number,
  rest: string,
  currency: string | null,
): CoverTarget | null {
  if (!lines.slice(Math.max(0, at - 3), at).some((l) => CHANGE_HEADER.test(l))) return null;
  const amounts = [...rest.matchAll(new RegExp(AMOUNT.source, 'g'))]
    .map((m) => parseAmount(m[0], currency))
    .filter((a): a is Amount => a !== null);
  const [previous, target] = amounts;
  return amounts.length === 2 && previous && target ? { target, previous } : null;
}

/** After a label alone on its line: amounts on the next lines, a "from" marking the previous one. */
function amountsBelow(lines: readonly string[], at: number, currency: string | null): CoverTarget | null {
  let previousNext = false;
  let previous: Amount | null = null;
  let previousLine: string | null = null;
  const label = lines[at] ?? '';
  for (const line of lines.slice(at + 1, at + 5)) {
    if (new RegExp(`^(?:${PREVIOUS_LABEL})\\s*[:：]?$`, 'i').test(line)) {
      previousNext = true;
      continue;
    }
    const amount = /^[^\d]{0,4}\d[\d,.]*\s?[^\d\s]{0,3}$/.test(line) ? parseAmount(line, currency) : null;
    if (!amount) return null;
    if (previousNext && !previous) {
      previous = amount;
      previousLine = line;
      previousNext = false;
      continue;
    }
    // The label and the value under it, as one cell.
    return withSources({ target: amount, previous }, `${label} ${line}`, previousLine, false);
  }
  return null;
}

/** "Prior (Dec-26): HK$750.00" on the next line, or "(Previous TP HK$760.00)", or "from NT$2,900". */
function previousNear(
  lines: readonly string[],
  at: number,
  rest: string,
): { amount: Amount; line: string } | null {
  for (const [text, line] of [
    [rest, lines[at] ?? ''],
    [lines[at + 1] ?? '', lines[at + 1] ?? ''],
  ] as const) {
    const label = LABELLED_PREVIOUS.exec(text);
    if (!label) continue;
    const after = text.slice(label.index + label[0].length);
    const amount = /^\s*(?:[A-Z]{0,3}\$|[A-Z][a-z]{0,2}|[A-Z]{3}|[^\x20-\x7f]{0,3})?\s?\d/.test(after)
      ? parseAmount(after, labelCurrency(label[0]))
      : null;
    if (amount) return { amount, line };
  }
  return null;
}

/** Every amount the text prints with a currency mark, for cross-checking a cover's currency. */
export function markedAmounts(text: string): Amount[] {
  const out: Amount[] = [];
  for (const m of text.matchAll(new RegExp(AMOUNT.source, 'g'))) {
    const mark = m[1] ?? m[4];
    if (!mark) continue;
    const amount = parseAmount(m[0]);
    if (amount) out.push(amount);
  }
  return out;
}
