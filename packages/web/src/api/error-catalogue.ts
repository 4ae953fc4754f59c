import { ERROR_CODES } from '@rl/contract/constants';
import type { ApiError } from './api-error';
import { wallOf, type Wall } from './wall';

/** How long error toasts stay (SPEC.md section 9). */
export const ERROR_TOAST_SECONDS = 5;

/** Message keys of the catalogue's fixed texts. */
export const CATALOGUE_MESSAGES = {
  requestFailed: 'errors.request.failed',
  tooFrequent: 'errors.request.tooFrequent',
  tooFrequentIn: 'walls.tooFrequentIn',
  generic: 'errors.generic',
  network: 'errors.network',
  badResponse: 'errors.badResponse',
  loginExpired: 'errors.loginExpired',
  regionRestricted: 'region.unsupported',
} as const;

export type CatalogueMessageKey = (typeof CATALOGUE_MESSAGES)[keyof typeof CATALOGUE_MESSAGES];

/** What the app does about a failed call (SPEC.md section 8). */
export type CatalogueAction =
  | { kind: 'notAuthorizedModal'; message: string | null }
  | { kind: 'openLogin' }
  | { kind: 'openSubscription'; wall: Wall }
  | { kind: 'goToNotFound' }
  | {
      kind: 'toast';
      message: string | null;
      fallbackKey: CatalogueMessageKey;
      /** Parameters of the fallback message. */
      params?: Record<string, number>;
    }
  | { kind: 'none' };

export interface CatalogueContext {
  loggedIn: boolean;
  hideErrorMessage: boolean;
}

/** Decides the catalogue's behaviour for an error; pure, so every row of the table is tested. */
export function decideErrorAction(error: ApiError, context: CatalogueContext): CatalogueAction {
  if (error.kind === 'network') {
    return context.hideErrorMessage ? { kind: 'none' } : toast(null, CATALOGUE_MESSAGES.network);
  }
  if (error.kind === 'contract') {
    return context.hideErrorMessage ? { kind: 'none' } : toast(null, CATALOGUE_MESSAGES.badResponse);
  }
  switch (error.status) {
    case 401:
      return context.loggedIn
        ? { kind: 'notAuthorizedModal', message: error.serverMessage }
        : { kind: 'openLogin' };
    case 403:
      // A feature closed in the user's region is no plan matter: say so instead of offering plans.
      if (error.body?.code === ERROR_CODES.regionRestricted)
        return toast(null, CATALOGUE_MESSAGES.regionRestricted);
      // A refusal that carries the report (the file-age rule) is shown in place by the viewer, with
      // its reason: opening the plans over it would reopen them on every retry.
      if (error.body?.locked_file) return { kind: 'none' };
      // Walls no plan lifts: a disabled account, a file link to open again.
      if (error.body?.code === ERROR_CODES.accountDisabled)
        return { kind: 'notAuthorizedModal', message: error.serverMessage };
      if (error.body?.reason === 'link') return toast(error.serverMessage, CATALOGUE_MESSAGES.requestFailed);
      return { kind: 'openSubscription', wall: wallOf(error) };
    case 400:
      return toast(error.serverMessage, CATALOGUE_MESSAGES.requestFailed);
    case 404:
      return { kind: 'goToNotFound' };
    case 429: {
      const seconds = error.body?.retry_after_s;
      return typeof seconds === 'number' && seconds > 0
        ? toast(null, CATALOGUE_MESSAGES.tooFrequentIn, { seconds })
        : toast(null, CATALOGUE_MESSAGES.tooFrequent);
    }
    default:
      return context.hideErrorMessage
        ? { kind: 'none' }
        : toast(error.serverMessage, CATALOGUE_MESSAGES.generic);
  }
}

function toast(
  message: string | null,
  fallbackKey: CatalogueMessageKey,
  params?: Record<string, number>,
): CatalogueAction {
  return params ? { kind: 'toast', message, fallbackKey, params } : { kind: 'toast', message, fallbackKey };
}
