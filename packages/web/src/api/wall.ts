import type { WallReason } from '@rl/contract';
import type { Locale } from '../config/locales';
import { useAppSettingsStore } from '../stores/app-settings-store';
import type { ApiError } from './api-error';

/**
 * What a 403 or 429 says about the wall that was hit (the contract's error body): the reason
 * code, the server's message (already in the user's language) and the numbers, each when given.
 */
export interface Wall {
  reason: WallReason | null;
  message: string | null;
  /** The interface language the message was asked in (X-Language follows it). */
  language: Locale;
  limit: number | null;
  used: number | null;
  /** ISO timestamp: when a spent quota starts again. */
  renewsAt: string | null;
  /** YYYY-MM-DD: when the file-age rule opens the report. */
  opensAt: string | null;
}

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null);
const textOr = (value: unknown) => (typeof value === 'string' && value ? value : null);

export function wallOf(error: ApiError): Wall {
  const body = error.body;
  return {
    reason: (textOr(body?.reason) as WallReason | null) ?? null,
    message: error.serverMessage,
    language: error.language ?? useAppSettingsStore.getState().language,
    limit: numberOr(body?.limit),
    used: numberOr(body?.used),
    renewsAt: textOr(body?.renews_at),
    opensAt: textOr(body?.opens_at),
  };
}

/**
 * The wall of a feature the plan does not include, told by the page itself (no server refusal
 * to read it from): the plans modal then says why it opened, like after a refused call.
 */
export function featureWall(message: string): Wall {
  return {
    reason: 'plan_feature',
    message,
    language: useAppSettingsStore.getState().language,
    limit: null,
    used: null,
    renewsAt: null,
    opensAt: null,
  };
}
