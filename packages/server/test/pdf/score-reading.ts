/*
 * Per-field precision and recall of what was read against hand-checked labels. A field counts as
 * predicted when a value was read, as labelled when the document prints one; precision is
 * correct / predicted, recall is correct / labelled. Analysts count name by name.
 */

export interface FieldScore {
  correct: number;
  predicted: number;
  labelled: number;
}

export type Field = 'title' | 'issuer' | 'date' | 'analysts' | 'type';

export const FIELDS: readonly Field[] = ['title', 'issuer', 'date', 'analysts', 'type'];

export interface Reading {
  title: string;
  issuer: string;
  date: string;
  analysts: string[];
  type: string;
}

/** Titles compared without case, spaces and punctuation (ASCII or CJK). */
export function sameTitle(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');
  return norm(a) !== '' && norm(a) === norm(b);
}

/** Words after a firm's name that do not change which firm it is. */
const FIRM_TAIL =
  /(?:the|securities|research|company|co|inc|incorporated|corporation|corp|limited|ltd|llc|plc|group|international|globalmarkets|institutionalservices|证券|研究|股份有限公司|有限公司)$/;

function firmKey(name: string): string {
  let key = name.toLowerCase().replace(/[^a-z0-9\u4e00-\u9fff]/g, '');
  for (let previous = ''; previous !== key;) {
    previous = key;
    key = key.replace(/^the/, '').replace(FIRM_TAIL, '');
  }
  return key;
}

/** Firms compared by name without legal form or desk ("J.P. Morgan" = "JPMorgan", "Argus Research" = "Argus Research Company"). */
export function sameFirm(a: string, b: string): boolean {
  const [x, y] = [firmKey(a), firmKey(b)];
  if (x.length < 2 || y.length < 2) return false;
  return x === y || (Math.min(x.length, y.length) >= 3 && (x.startsWith(y) || y.startsWith(x)));
}

/** Equal days; a label of a month (YYYY-MM) accepts any day of it. */
export function sameDate(read: string, label: string): boolean {
  return label !== '' && (label.length === 7 ? read.startsWith(label) : read === label);
}

const personKey = (name: string) => name.toLowerCase().replace(/[^\p{L}]/gu, '');

/** Quantitative notes count as strategy where the labels file 金工 notes under strategy. */
export function sameType(read: string, label: string, quantIsStrategy: boolean): boolean {
  return read === label || (quantIsStrategy && read === 'quantitative' && label === 'strategy');
}

export function emptyScores(): Record<Field, FieldScore> {
  const zero = (): FieldScore => ({ correct: 0, predicted: 0, labelled: 0 });
  return { title: zero(), issuer: zero(), date: zero(), analysts: zero(), type: zero() };
}

/** Adds one document's reading to the scores; returns the fields it got wrong. */
export function scoreReading(
  scores: Record<Field, FieldScore>,
  read: Reading,
  label: Reading,
  opts: { quantIsStrategy: boolean },
): Field[] {
  const wrong: Field[] = [];
  const single = (field: Field, value: string, expected: string, same: (a: string, b: string) => boolean) => {
    const s = scores[field];
    if (value) s.predicted += 1;
    if (expected) s.labelled += 1;
    if (value && expected && same(value, expected)) s.correct += 1;
    else if (value || expected) wrong.push(field);
  };
  single('title', read.title, label.title, sameTitle);
  single('issuer', read.issuer, label.issuer, sameFirm);
  single('date', read.date, label.date, sameDate);
  single('type', read.type, label.type, (a, b) => sameType(a, b, opts.quantIsStrategy));
  const names = new Set(label.analysts.map(personKey));
  const a = scores.analysts;
  a.predicted += read.analysts.length;
  a.labelled += names.size;
  const hits = new Set(read.analysts.map(personKey).filter((k) => names.has(k)));
  a.correct += hits.size;
  if (hits.size !== names.size || hits.size !== read.analysts.length) wrong.push('analysts');
  return wrong;
}

export const precision = (s: FieldScore) => (s.predicted === 0 ? 1 : s.correct / s.predicted);
export const recall = (s: FieldScore) => (s.labelled === 0 ? 1 : s.correct / s.labelled);
