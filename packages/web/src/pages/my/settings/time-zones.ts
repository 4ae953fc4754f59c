import { canonicalTimeZone, DEFAULT_DIGEST_TIME_ZONE } from '@rl/contract/constants';

/** The browser's time zone, as Intl names it; the digest's default zone when the browser has none. */
export function browserTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (zone && canonicalTimeZone(zone)) ?? DEFAULT_DIGEST_TIME_ZONE;
}

/** Every IANA zone the browser knows, UTC among them, sorted; `also` added when it is missing. */
export function timeZoneNames(also: string): string[] {
  const names = new Set<string>(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  names.add('UTC');
  names.add(also);
  return [...names].sort();
}
