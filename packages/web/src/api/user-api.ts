import type {
  EmailCodeRequest,
  EmailSignupRequest,
  LoginRequest,
  PhoneSignupRequest,
  SettingsRequest,
  SmsCodeRequest,
} from '@rl/contract';
import { getApi, postApi, type CallOptions } from './http-client';

/**
 * The user calls of SPEC.md section 7 that the whole app makes (site, login, sign-up, settings,
 * quota), typed and checked by the contract; the account page's own are in account-api.ts.
 */
export const userApi = {
  /** The deployment variant and ICP line, before anyone logs in. */
  site: (options?: CallOptions) => getApi('/api/pub/site', (c) => c.SiteInfoResponse, options),

  /** Login answers are handled by the form: the default error toast is suppressed. */
  login: (request: LoginRequest) =>
    postApi('/api/user/login', request, (c) => c.LoginResponse, { catalogue: false }),

  /** The token is being dropped anyway: a failed logout bothers nobody. */
  logout: () => postApi('/api/user/logout', {}, (c) => c.Ok, { catalogue: false }),

  info: (options?: CallOptions) => postApi('/api/user/info', {}, (c) => c.InfoResponse, options),

  emailCode: (request: EmailCodeRequest, options?: CallOptions) =>
    postApi('/api/user/email_code', request, (c) => c.CodeSentResponse, options),

  smsCode: (request: SmsCodeRequest, options?: CallOptions) =>
    postApi('/api/user/sms_code', request, (c) => c.CodeSentResponse, options),

  emailSignup: (request: EmailSignupRequest) =>
    postApi('/api/user/email_signup', request, (c) => c.SignupResponse, { catalogue: false }),

  phoneSignup: (request: PhoneSignupRequest) =>
    postApi('/api/user/phone_signup', request, (c) => c.SignupResponse, { catalogue: false }),

  /** Saves interface and website preferences of a logged-in user. */
  saveSettings: (request: SettingsRequest, options?: CallOptions) =>
    postApi('/api/user/settings', request, (c) => c.SettingsResponse, options),

  quota: (options?: CallOptions) => postApi('/api/user/quota', {}, (c) => c.QuotaResponse, options),

  /** The server menu: a list of route names with children. */
  menu: (options?: CallOptions) => postApi('/api/user/menu', {}, (c) => c.MenuResponse, options),
};

/** Query keys of the user calls. */
export const userKeys = {
  /** The quota counts, whoever asked (refreshing it asks again for the viewer of the moment). */
  quota: ['user', 'quota'] as const,
  /** The counts of one viewer (the token; null for a visitor). */
  quotaOf: (token: string | null) => ['user', 'quota', token] as const,
};
