import type { ZodType } from 'zod';
import { serverLanguageOf } from '../config/locales';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { isLoggedIn, useUserStore } from '../stores/user-store';
import { ApiError, isAbortError, type ErrorPayload } from './api-error';
import { performCatalogueAction } from './catalogue-handler';
import { loadContract, type Contract } from './contract';
import { decideErrorAction } from './error-catalogue';
import { deviceFingerprint } from './fingerprint';

/** Picks the response schema of a call from the contract. */
export type SchemaPick<T> = (contract: Contract) => ZodType<T>;

export interface CallOptions {
  /** Suppress the toast of the "other status" rule (SPEC.md section 8). */
  hideErrorMessage?: boolean;
  /** `false`: the caller handles every error; the catalogue does nothing. Default `true`. */
  catalogue?: boolean;
  signal?: AbortSignal;
  /** Overrides the X-Language header, which otherwise follows the interface language. */
  language?: 'en' | 'zh';
}

function headersFor(options: CallOptions, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const { token } = useUserStore.getState();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('X-Language', options.language ?? serverLanguageOf(useAppSettingsStore.getState().language));
  headers.set('X-Fingerprint', deviceFingerprint());
  return headers;
}

function noteCountry(response: Response): void {
  const country = response.headers.get('x-country-code');
  if (country !== null) useAppSettingsStore.getState().setChineseUser(country.trim().toLowerCase() === 'cn');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fail(error: ApiError, options: CallOptions): never {
  if (options.catalogue !== false) {
    const action = decideErrorAction(error, {
      loggedIn: isLoggedIn(),
      hideErrorMessage: options.hideErrorMessage === true,
    });
    performCatalogueAction(action);
  }
  throw error;
}

/**
 * Sends one call and returns its body checked against the contract's schema. Any 2xx is a
 * success; there is no default timeout (pass a `signal` to cancel). Failures go through the
 * error catalogue and are rethrown as `ApiError`.
 */
export async function callApi<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  schema: SchemaPick<T> | null,
  options: CallOptions = {},
): Promise<T> {
  const hasBody = method === 'POST';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: headersFor(options, hasBody),
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    return fail(new ApiError('network', 0, null, 'Network error'), options);
  }
  noteCountry(response);
  const payload = await readJson(response);
  if (!response.ok) {
    const errorBody = typeof payload === 'object' && payload !== null ? (payload as ErrorPayload) : null;
    return fail(new ApiError('http', response.status, errorBody, `HTTP ${response.status}`), options);
  }
  if (!schema) return payload as T;
  const parsed = schema(await loadContract()).safeParse(payload);
  if (!parsed.success) {
    console.error(`Response of ${path} does not match the contract`, parsed.error);
    return fail(new ApiError('contract', response.status, null, `Unexpected response from ${path}`), options);
  }
  return parsed.data;
}

export function postApi<T>(path: string, body: unknown, schema: SchemaPick<T> | null, options?: CallOptions) {
  return callApi('POST', path, body, schema, options);
}

export function getApi<T>(path: string, schema: SchemaPick<T> | null, options?: CallOptions) {
  return callApi('GET', path, undefined, schema, options);
}
