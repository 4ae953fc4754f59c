import { serverLanguageOf } from '../config/locales';
import { useAdminSessionStore } from '../stores/admin-session-store';
import { useAppSettingsStore } from '../stores/app-settings-store';
import type { ApiError } from './api-error';
import { networkError, sendRequest, settleAnswer, type SchemaPick } from './http-client';

/** How the console reacts to a failed call; the admin layout registers it (toasts, login redirect). */
export interface AdminFailureHandler {
  /** 401: the admin session is gone (already cleared); lead to `/admin/login`. */
  loggedOut(error: ApiError): void;
  /** Any other failure, unless the call hides it: show `error.message`. */
  failed(error: ApiError): void;
}

let handler: AdminFailureHandler | null = null;

export function registerAdminFailureHandler(next: AdminFailureHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export interface AdminCallOptions {
  /** The caller shows the failure itself (e.g. a form's inline error); 401 still logs out. */
  hideErrorMessage?: boolean;
  signal?: AbortSignal;
}

function adminHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const { token } = useAdminSessionStore.getState();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('X-Language', serverLanguageOf(useAppSettingsStore.getState().language));
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

function fail(error: ApiError, options: AdminCallOptions): never {
  if (error.status === 401) {
    useAdminSessionStore.getState().clearSession();
    handler?.loggedOut(error);
  } else if (!options.hideErrorMessage) {
    handler?.failed(error);
  }
  throw error;
}

/**
 * One call of the administrator console (`/api/manage/*`): the admin token, not the user's; the
 * answer checked against the contract. The user app's error catalogue does not apply (a 403 is
 * not a subscription matter, a 404 is not a page): failures go to the console's handler.
 */
export async function callAdmin<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  schema: SchemaPick<T>,
  options: AdminCallOptions = {},
): Promise<T> {
  const sent = await sendRequest(method, path, body, adminHeaders(method === 'POST'), options.signal);
  if (!sent) return fail(networkError(), options);
  // The console does not note the visitor's country: that is the user app's concern.
  const answer = { ...sent, country: null };
  try {
    return await settleAnswer(path, answer, schema, { catalogue: false });
  } catch (error) {
    return fail(error as ApiError, options);
  }
}

export const adminPost = <T>(
  path: string,
  body: unknown,
  schema: SchemaPick<T>,
  options?: AdminCallOptions,
) => callAdmin('POST', path, body, schema, options);

export const adminGet = <T>(path: string, schema: SchemaPick<T>, options?: AdminCallOptions) =>
  callAdmin('GET', path, undefined, schema, options);

/**
 * Ends the console session on the server (`/api/manage/admin/logout`), then here. Answers false,
 * keeping the session, when the server did not confirm it (no answer, or a failure other than a
 * 401, which means the token had ended already): the console never shows a logout that did not
 * happen on the server.
 */
export async function adminLogout(): Promise<boolean> {
  const sent = await sendRequest('POST', '/api/manage/admin/logout', {}, adminHeaders(true), undefined);
  const ended = sent !== null && ((sent.status >= 200 && sent.status < 300) || sent.status === 401);
  if (ended) useAdminSessionStore.getState().clearSession();
  return ended;
}

/** Headers for an admin multipart upload sent with XMLHttpRequest (progress events). */
export function adminUploadHeaders(): Headers {
  return adminHeaders(false);
}
