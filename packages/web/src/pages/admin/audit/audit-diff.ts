/** One changed key of an audit record: its value before and after (undefined: absent). */
export interface AuditChange {
  key: string;
  before: unknown;
  after: unknown;
}

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
    .filter((change) => !same(change.before, change.after));
}

/** A value in one short line: strings as they are, null as null, the rest as JSON, cut at `max`. */
export function shortValue(value: unknown, max = 60): string {
  if (value === undefined) return '∅';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
