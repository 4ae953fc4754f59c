import type { ChangeEmailRequest, ChangeMobileRequest, ChangePasswordRequest } from '@rl/contract';
import { getApi, postApi, type CallOptions } from './http-client';

/**
 * The calls of the account page (My → Settings) alone, typed and checked by the contract: kept
 * apart from user-api.ts, whose calls the first screen loads.
 */
export const accountApi = {
  /** The server's health, including whether an AI model provider is configured. */
  health: (options?: CallOptions) => getApi('/api/health', (c) => c.HealthResponse, options),

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

/** Query keys of the account page's calls. */
export const accountKeys = {
  health: ['health'] as const,
  subscriptions: ['user', 'subscriptions'] as const,
};
