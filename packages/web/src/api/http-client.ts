import type { ZodType } from 'zod';
import { localeOfServerLanguage, serverLanguageOf } from '../config/locales';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { isLoggedIn, useUserStore } from '../stores/user-store';
import { ApiError, isAbortError, type ErrorPayload } from './api-error';
import { performCatalogueAction } from './catalogue-handler';
import { loadContract, type Contract } from './contract';
import { decideErrorAction } from './error-catalogue';
import { deviceFingerprint } from './fingerprint';
import { takePageAnswer } from './page-answers';

/** Picks the response schema of a call from the contract: every call names one, no answer goes unchecked. */
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

/**
 * The headers every call carries: the bearer token when logged in, the language and the device
 * fingerprint. Exported for the upload transport, which sends with XMLHttpRequest (progress).
 */
export function requestHeaders(options: Pick<CallOptions, 'language'> = {}): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const { token } = useUserStore.getState();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('X-Language', options.language ?? serverLanguageOf(useAppSettingsStore.getState().language));
  headers.set('X-Fingerprint', deviceFingerprint());
  return headers;
}

function headersFor(options: CallOptions, hasBody: boolean): Headers {
  const headers = requestHeaders(options);
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

function noteCountry(country: string | null): void {
  if (country !== null) useAppSettingsStore.getState().setChineseUser(country.trim().toLowerCase() === 'cn');
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Carries out the error catalogue's behaviour for a failed call (unless `catalogue` is false).
 * Exported for pages that take a failure over and hand only some of them to the catalogue.
 */
export function applyErrorCatalogue(error: ApiError, options: CallOptions = {}): void {
  if (options.catalogue === false) return;
  const action = decideErrorAction(error, {
    loggedIn: isLoggedIn(),
    hideErrorMessage: options.hideErrorMessage === true,
  });
  performCatalogueAction(action);
}

/** Applies the error catalogue and throws. Exported for callers that send without `callApi` (uploads). */
export function failCall(error: ApiError, options: CallOptions): never {
  applyErrorCatalogue(error, options);
  throw error;
}

/** An answer as received, whatever sent the request. */
export interface RawAnswer {
  status: number;
  text: string;
  /** The `x-country-code` header, if any. */
  country: string | null;
}

const isSuccess = (status: number) => status >= 200 && status <= 299;

/**
 * Fails a call whose answer is an error status: its body (the contract's `ErrorBody`, or whatever
 * a proxy sent) becomes an `ApiError` through `failCall`. Exported for the chat stream, whose
 * success is no JSON answer.
 */
export function failAnswer(answer: RawAnswer, options: CallOptions): never {
  noteCountry(answer.country);
  const payload = parseBody(answer.text);
  const errorBody = typeof payload === 'object' && payload !== null ? (payload as ErrorPayload) : null;
  const language = options.language
    ? localeOfServerLanguage(options.language)
    : useAppSettingsStore.getState().language;
  return failCall(new ApiError('http', answer.status, errorBody, `HTTP ${answer.status}`, language), options);
}

/**
 * Turns an answer into its body checked against the contract's schema: any 2xx is a success,
 * anything else (or a body that breaks the contract) fails through `failCall`.
 */
export async function settleAnswer<T>(
  path: string,
  answer: RawAnswer,
  schema: SchemaPick<T>,
  options: CallOptions,
): Promise<T> {
  if (!isSuccess(answer.status)) return failAnswer(answer, options);
  noteCountry(answer.country);
  const parsed = schema(await loadContract()).safeParse(parseBody(answer.text));
  if (!parsed.success) {
    console.error(`Response of ${path} does not match the contract`, parsed.error);
    return failCall(
      new ApiError('contract', answer.status, null, `Unexpected response from ${path}`),
      options,
    );
  }
  return parsed.data;
}

/** A request that got no answer at all. */
export function networkError(): ApiError {
  return new ApiError('network', 0, null, 'Network error');
}

/**
 * Sends one call and returns its body checked against the contract's schema (an answer the server
 * put into the page, page-answers.ts, stands for the first such call). Any 2xx is a success; there is no default timeout (pass a `signal` to cancel). Failures go through the
 * error catalogue and are rethrown as `ApiError`.
 */
export async function callApi<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  schema: SchemaPick<T>,
  options: CallOptions = {},
): Promise<T> {
  const answer =
    takePageAnswer(method, path, body) ??
    (await sendRequest(method, path, body, headersFor(options, method === 'POST'), options.signal));
  if (!answer) return failCall(networkError(), options);
  return settleAnswer(path, answer, schema, options);
}

/**
 * Sends one request (a POST carries `body` as JSON) and answers what came back, or null when no
 * answer arrived at all. A cancelled request rethrows its AbortError. Shared with the console's
 * client, which sends other headers and handles failures its own way.
 */
export async function sendRequest(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  headers: Headers,
  signal: AbortSignal | undefined,
): Promise<RawAnswer | null> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
  return {
    status: response.status,
    text: await response.text(),
    country: response.headers.get('x-country-code'),
  };
}

export function postApi<T>(path: string, body: unknown, schema: SchemaPick<T>, options?: CallOptions) {
  return callApi('POST', path, body, schema, options);
}

export function getApi<T>(path: string, schema: SchemaPick<T>, options?: CallOptions) {
  return callApi('GET', path, undefined, schema, options);
}
