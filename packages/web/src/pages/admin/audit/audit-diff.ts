/** One changed key of an audit record: its value before and after (undefined: absent). */
export interface AuditChange {
  key: string;
  /** What in the target the key belongs to, when not the target itself (a company's ticker). */
  subject?: string;
  before: unknown;
  after: unknown;
}

/** The key holding a report's companies: a list compared company by company. */
export const COMPANIES_KEY = 'stock_information';

type Company = Record<string, unknown>;
const companiesOf = (value: unknown): Company[] | null =>
  Array.isArray(value) && value.every((c) => c !== null && typeof c === 'object' && !Array.isArray(c))
    ? (value as Company[])
    : null;
const tickerOf = (company: Company): string => String(company.ticker ?? '');

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The keys whose value differs between before and after, in the order they appear (before's
 * keys first). A record with only one side (a creation, a deletion) lists that side's keys.
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => ({ key, before: before?.[key], after: after?.[key] }))
    .filter((change) => !same(change.before, change.after))
    .flatMap((change) => (change.key === COMPANIES_KEY ? companyChanges(change) : [change]));
}

/**
 * A change of a report's companies, company by company (matched by ticker): the fields of a
 * company that changed, and a company added or removed whole. Anything but two lists of
 * companies stays one change.
 */
function companyChanges(change: AuditChange): AuditChange[] {
  const before = companiesOf(change.before ?? []);
  const after = companiesOf(change.after ?? []);
  if (!before || !after) return [change];
  const was = new Map(before.map((c) => [tickerOf(c), c]));
  const now = new Map(after.map((c) => [tickerOf(c), c]));
  return [...new Set([...was.keys(), ...now.keys()])].flatMap((ticker): AuditChange[] => {
    const b = was.get(ticker);
    const a = now.get(ticker);
    if (!b || !a) return [{ key: COMPANIES_KEY, subject: ticker, before: b, after: a }];
    return auditChanges(b, a).map((field) => ({ ...field, subject: ticker }));
  });
}

/** A value in one short line: strings as they are, null as null, the rest as JSON, cut at `max`. */
export function shortValue(value: unknown, max = 60): string {
  if (value === undefined) return '∅';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
