/**
 * Account validation rules (SPEC.md sections 5 and 9), zod-free so that forms use the very same
 * numbers and patterns as the server's schemas in `users.ts`.
 */

export const DEPLOY_VARIANTS = ['global', 'cn'] as const;
export type DeployVariant = (typeof DEPLOY_VARIANTS)[number];

export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
export const PASSWORD_HAS_LOWER = /[a-z]/;
export const PASSWORD_HAS_UPPER = /[A-Z]/;

export const EMAIL_MAX = 254;
/** Deliberately plain: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CODE_PATTERN = /^\d{6}$/;
/** A login verification code: at least 6 characters, digits only. */
export const LOGIN_CODE_PATTERN = /^\d{6,}$/;

export const MOBILE_MIN_DIGITS = 6;
export const MOBILE_MAX_DIGITS = 15;
/** Country calling codes offered for mobile signup (only 86). */
export const MOBILE_COUNTRY_CODES = ['86'] as const;

/** Seconds the send-code button waits after a send, and the server's resend interval. */
export const CODE_RESEND_S = 60;
/** Minutes a code stays valid, and wrong tries before it is spent. */
export const CODE_TTL_MIN = 10;
export const CODE_MAX_TRIES = 5;

/** What a code is sent for; a code only verifies the purpose it was sent for. */
export const CODE_PURPOSES = ['signup', 'login', 'change_email', 'bind_mobile'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Interface languages a user can save; anything else becomes `en` (SPEC.md section 5). */
export const USER_LANGUAGES = ['en', 'zh'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

export const SEARCH_PREFERENCES = ['relevance', 'title_only'] as const;
export type SearchPreference = (typeof SEARCH_PREFERENCES)[number];

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY年MM月DD日'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const MEASUREMENT_UNITS = ['binary', 'decimal'] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];

/** How often the e-mail digest of new reports is sent; plans.ts says which a plan offers. */
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DEFAULT_DIGEST_FREQUENCY: DigestFrequency = 'weekly';

/**
 * The time zone a user's digest periods are counted in until they choose one (the settings page
 * offers the browser's): the library's market hours and most of its readers.
 */
export const DEFAULT_DIGEST_TIME_ZONE = 'Asia/Shanghai';
/** The longest IANA time zone name taken. */
export const TIME_ZONE_MAX = 64;

/** Zone names remembered at most (IANA names some 600, in the spellings users type). */
const TIME_ZONE_NAMES_KEPT = 1000;
/** Each name's answer: building an Intl.DateTimeFormat costs far more than a lookup, and a digest scan asks per user. */
const canonicalZones = new Map<string, string | null>();

/** The IANA name of `name` as Intl spells it ('asia/shanghai' → 'Asia/Shanghai'), null when unknown. */
export function canonicalTimeZone(name: string): string | null {
  // Names only: offsets ("+08:00") and abbreviations are not zones a digest can follow.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > TIME_ZONE_MAX)
    return null;
  const known = canonicalZones.get(name);
  if (known !== undefined) return known;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  // Bounded: names made up by the thousand forget the oldest first.
  if (canonicalZones.size >= TIME_ZONE_NAMES_KEPT) canonicalZones.delete(canonicalZones.keys().next().value!);
  canonicalZones.set(name, zone);
  return zone;
}

export const USER_STATUSES = ['inactive', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The message the server and the web show for a feature closed in the user's region. */
export const REGION_MESSAGE = 'Your region does not support this feature temporarily';

/** Live checklist of the password field: each rule and whether `password` meets it. */
export function passwordChecklist(password: string) {
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    uppercase: PASSWORD_HAS_UPPER.test(password),
    lowercase: PASSWORD_HAS_LOWER.test(password),
  };
}

/** A login identifier shaped like an e-mail is sent trimmed and lower-cased (SPEC.md section 5). */
export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Digits of a mobile number after stripping everything else. */
export function mobileDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidMobile(value: string): boolean {
  const digits = mobileDigits(value);
  return digits.length >= MOBILE_MIN_DIGITS && digits.length <= MOBILE_MAX_DIGITS;
}

/** Server languages: `en` or `zh`, anything else becomes `en`. */
export function userLanguageOf(value: unknown): UserLanguage {
  return value === 'zh' ? 'zh' : 'en';
}
