import { z } from 'zod';
import {
  canonicalTimeZone,
  CODE_PATTERN,
  CODE_PURPOSES,
  DATE_FORMATS,
  DEFAULT_DIGEST_FREQUENCY,
  DIGEST_FREQUENCIES,
  DEPLOY_VARIANTS,
  EMAIL_MAX,
  EMAIL_PATTERN,
  LOGIN_CODE_PATTERN,
  MEASUREMENT_UNITS,
  MOBILE_COUNTRY_CODES,
  MOBILE_MAX_DIGITS,
  MOBILE_MIN_DIGITS,
  mobileDigits,
  PASSWORD_HAS_LOWER,
  PASSWORD_HAS_UPPER,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SEARCH_PREFERENCES,
  TIME_ZONE_MAX,
  USER_LANGUAGES,
  USER_STATUSES,
  userLanguageOf,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from './account-rules.js';
import { PLAN_IDS, USAGE_TYPES } from './plans.js';
import { FileId } from './common.js';

/* ---------- field rules (SPEC.md section 5), the messages the server answers with ---------- */

export const Email = z
  .string({ error: 'Please enter your e-mail' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your e-mail')
  .max(EMAIL_MAX, 'Please enter a valid e-mail')
  .regex(EMAIL_PATTERN, 'Please enter a valid e-mail');

export const Username = z
  .string({ error: 'Please enter a username' })
  .trim()
  .min(1, 'Please enter a username')
  .min(USERNAME_MIN, `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`)
  .max(USERNAME_MAX, `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'Username may contain only letters, digits and underscores');

/** A new password: 8-32 characters with a lowercase and an uppercase letter. Never trimmed. */
export const NewPassword = z
  .string({ error: 'Please enter a password' })
  .min(1, 'Please enter a password')
  .min(PASSWORD_MIN, `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
  .max(PASSWORD_MAX, `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`)
  .regex(PASSWORD_HAS_LOWER, 'Password needs a lowercase letter')
  .regex(PASSWORD_HAS_UPPER, 'Password needs an uppercase letter');

/** A password being checked (login, change): required, bounded, otherwise free. */
export const Password = z
  .string({ error: 'Please enter your password' })
  .min(1, 'Please enter your password')
  .max(128, 'Password is too long');

export const EmailCode = z
  .string({ error: 'Please enter the verification code' })
  .trim()
  .min(1, 'Please enter the verification code')
  .regex(CODE_PATTERN, 'The verification code is 6 digits');

export const LoginCode = z
  .string()
  .trim()
  .regex(LOGIN_CODE_PATTERN, 'The verification code is at least 6 digits');

/** A mobile number: 6-15 digits after stripping anything else; answered as digits only. */
export const Mobile = z
  .string({ error: 'Please enter your mobile number' })
  .trim()
  .min(1, 'Please enter your mobile number')
  .transform(mobileDigits)
  .refine(
    (digits) => digits.length >= MOBILE_MIN_DIGITS && digits.length <= MOBILE_MAX_DIGITS,
    'Please enter a valid mobile number',
  );

export const CountryCode = z.enum(MOBILE_COUNTRY_CODES, { error: 'Only +86 numbers can sign up' });

/** An IANA time zone name Intl knows, answered as Intl spells it ('asia/shanghai' → 'Asia/Shanghai'). */
export const TimeZone = z
  .string()
  .trim()
  .max(TIME_ZONE_MAX, 'Unknown time zone')
  .refine((name) => canonicalTimeZone(name) !== null, 'Unknown time zone')
  .transform((name) => canonicalTimeZone(name)!);

/* ---------- user info (SPEC.md section 3) ---------- */

export const UserSettings = z.object({
  language: z.enum(USER_LANGUAGES),
  show_summary: z.boolean(),
  search_preference: z.enum(SEARCH_PREFERENCES),
  date_format: z.enum(DATE_FORMATS),
  measurement_unit: z.enum(MEASUREMENT_UNITS),
  /** The e-mail digest of new reports on what the user follows (plans.ts: which a plan sends). */
  digest: z.enum(DIGEST_FREQUENCIES),
  /** The IANA zone the digest's days and weeks are counted in; null: not chosen (DEFAULT_DIGEST_TIME_ZONE). */
  time_zone: z.string().nullable(),
});
export type UserSettings = z.infer<typeof UserSettings>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  language: 'en',
  show_summary: true,
  search_preference: 'relevance',
  date_format: 'YYYY-MM-DD',
  measurement_unit: 'binary',
  digest: DEFAULT_DIGEST_FREQUENCY,
  time_zone: null,
};

/** Remaining uses per quota key; -1 is unlimited (shown as infinity). */
export const QuotaMap = z.record(z.string(), z.number().int());
export type QuotaMap = z.infer<typeof QuotaMap>;

export const UserInfo = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  /** Digits only, with its country code. */
  phone: z.string().nullable(),
  phone_country_code: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  role: z.array(z.string()),
  /** trial, or a paid level matching paid_v* (paid_v0 today). */
  user_level: z.string(),
  /** ISO time the paid level ends; null for trial or a level without end. */
  user_level_expire_time: z.string().nullable(),
  /** The plan the level grants now: an expired paid level acts as trial. */
  plan: z.enum(PLAN_IDS),
  created_time: z.string(),
  updated_time: z.string(),
  last_login_time: z.string().nullable(),
  settings: UserSettings,
  quota: QuotaMap,
});
export type UserInfo = z.infer<typeof UserInfo>;

/* ---------- calls (SPEC.md section 7, user account) ---------- */

/** /api/user/email_code. `purpose` defaults to signup. */
export const EmailCodeRequest = z.object({
  email: Email,
  purpose: z.enum(CODE_PURPOSES).default('signup'),
});
export type EmailCodeRequest = z.input<typeof EmailCodeRequest>;

/** /api/user/sms_code. */
export const SmsCodeRequest = z.object({
  phone: Mobile,
  country_code: CountryCode.default('86'),
  purpose: z.enum(CODE_PURPOSES).default('signup'),
});
export type SmsCodeRequest = z.input<typeof SmsCodeRequest>;

/** Answer of a code send: where it went (masked) and when another may be sent. */
export const CodeSentResponse = z.object({
  sent_to: z.string(),
  resend_after_s: z.number().int(),
});
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;

export const EmailSignupRequest = z.object({
  email: Email,
  code: EmailCode,
  passwd: NewPassword,
  username: Username,
});
export type EmailSignupRequest = z.input<typeof EmailSignupRequest>;

export const PhoneSignupRequest = z.object({
  phone: Mobile,
  country_code: CountryCode.default('86'),
  passwd: NewPassword,
  code: EmailCode,
});
export type PhoneSignupRequest = z.input<typeof PhoneSignupRequest>;

export const SignupResponse = z.object({ user_info: UserInfo });

/**
 * /api/user/login: `email` (an e-mail-shaped identifier, lower-cased), or `username` (a
 * username, or in the cn variant a mobile number); `code` when the server asked for one. The
 * device fingerprint comes in the X-Fingerprint header (or `fingerprint`).
 */
export const LoginRequest = z
  .object({
    email: z.string().trim().toLowerCase().max(EMAIL_MAX).optional(),
    username: z.string().trim().max(EMAIL_MAX).optional(),
    passwd: Password,
    code: LoginCode.optional(),
    fingerprint: z.string().max(128).optional(),
  })
  .refine((body) => Boolean(body.email || body.username), {
    message: 'Please enter your username',
    path: ['username'],
  });
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string(), user_info: UserInfo });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const InfoRequest = z.object({ fingerprint: z.string().max(128).optional() });
export const InfoResponse = LoginResponse;

export const SettingsRequest = z.object({
  language: z.unknown().transform(userLanguageOf),
  show_summary: z.boolean().optional(),
  search_preference: z.enum(SEARCH_PREFERENCES).optional(),
  date_format: z.enum(DATE_FORMATS).optional(),
  measurement_unit: z.enum(MEASUREMENT_UNITS).optional(),
  /** Daily needs a plan that sends it (403 quota_exceeded, reason digest_frequency). */
  digest: z.enum(DIGEST_FREQUENCIES).optional(),
  /** null: back to the default zone. */
  time_zone: TimeZone.nullable().optional(),
});
export type SettingsRequest = z.input<typeof SettingsRequest>;
export const SettingsResponse = z.object({ settings: UserSettings });

export const QuotaResponse = QuotaMap;

/** One entry of the server menu: a route name, with children. */
export interface MenuItem {
  name: string;
  children?: MenuItem[];
}
export const MenuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({ name: z.string(), children: z.array(MenuItem).optional() }),
);
export const MenuResponse = z.array(MenuItem);

export const ConsumptionRequest = z.object({
  type: z.enum(USAGE_TYPES),
  file_id: FileId.optional(),
});
export type ConsumptionRequest = z.infer<typeof ConsumptionRequest>;
/** What remains of that quota after this use; -1 when unlimited. */
export const ConsumptionResponse = z.object({ type: z.enum(USAGE_TYPES), remaining: z.number().int() });

/** /api/user/email: replace the e-mail with a code sent to the new address (purpose change_email). */
export const ChangeEmailRequest = z.object({ email: Email, code: EmailCode });
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequest>;
/** /api/user/mobile: bind or change the mobile number (code purpose bind_mobile). */
export const ChangeMobileRequest = z.object({
  phone: Mobile,
  country_code: CountryCode.default('86'),
  code: EmailCode,
});
export type ChangeMobileRequest = z.input<typeof ChangeMobileRequest>;
/** /api/user/psw: revokes every other session of the user. */
export const ChangePasswordRequest = z.object({ old_passwd: Password, passwd: NewPassword });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;
export const UserInfoResponse = z.object({ user_info: UserInfo });

/** /api/user/subscriptions: the user's plan purchases, newest first. */
export const SubscriptionRecord = z.object({
  id: z.string(),
  item_name: z.string(),
  plan: z.enum(PLAN_IDS),
  price_cny: z.number(),
  purchase_time: z.string(),
  expire_time: z.string().nullable(),
});
export type SubscriptionRecord = z.infer<typeof SubscriptionRecord>;
export const SubscriptionsResponse = z.object({ records: z.array(SubscriptionRecord) });

/** What the web needs to know about the deployment before anyone logs in: GET /api/pub/site. */
export const SiteInfoResponse = z.object({
  deploy_variant: z.enum(DEPLOY_VARIANTS),
  icp_license: z.string().nullable(),
  /** Whether reports can be translated into Chinese (a model provider is configured). */
  translation_available: z.boolean(),
});
export type SiteInfoResponse = z.infer<typeof SiteInfoResponse>;
