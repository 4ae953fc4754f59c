import type {
  ChangeEmailRequest,
  ChangeMobileRequest,
  ChangePasswordRequest,
  EmailCodeRequest,
  EmailSignupRequest,
  LoginRequest,
  PhoneSignupRequest,
  SettingsRequest,
  SmsCodeRequest,
} from '@rl/contract';
import { getApi, postApi, type CallOptions } from './http-client';

/** The account calls of SPEC.md section 7, typed and checked by the contract. */
export const userApi = {
  /** The server's health, including whether an AI model provider is configured. */
  health: (options?: CallOptions) => getApi('/api/health', (c) => c.HealthResponse, options),

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

  changeEmail: (request: ChangeEmailRequest, options?: CallOptions) =>
    postApi('/api/user/email', request, (c) => c.UserInfoResponse, options),

  changeMobile: (request: ChangeMobileRequest, options?: CallOptions) =>
    postApi('/api/user/mobile', request, (c) => c.UserInfoResponse, options),

  /** The contract has no answer schema for this call: only the status counts. */
  changePassword: (request: ChangePasswordRequest, options?: CallOptions) =>
    postApi('/api/user/psw', request, (c) => c.UserInfoResponse, options),

  subscriptions: (options?: CallOptions) =>
    postApi('/api/user/subscriptions', {}, (c) => c.SubscriptionsResponse, options),
};
