/** D:YYYYMMDDHHmmSS with an optional offset (Z, +08'00', -05'00, +11). */
const PDF_DATE = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(Z|[+-]\d{2}'?(?:\d{2}'?)?)?/i;

/**
 * Converts a PDF date string to ISO 8601 keeping the writer's UTC offset, so that the date part is
 * the day the writer saw (`D:20251011045348+08'00'` -> `2025-10-11T04:53:48+08:00`, not the 10th).
 */
export function pdfDateToIso(raw: string): string | undefined {
  const m = PDF_DATE.exec(raw.trim());
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zone] = m;
  const offset = !zone ? '' : /^z$/i.test(zone) ? 'Z' : isoOffset(zone);
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`;
  const time = new Date(offset ? iso : `${iso}Z`);
  // Reject 2023-02-30 and 25:00, which Date would roll over.
  if (Number.isNaN(time.getTime()) || Number(mo) > 12 || Number(d) > daysIn(Number(y), Number(mo)))
    return undefined;
  return Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 ? undefined : iso;
}

function isoOffset(zone: string): string {
  const digits = zone.replace(/'/g, '');
  return `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
