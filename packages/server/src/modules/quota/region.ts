import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Viewer } from '../access/viewer.js';

/** Features closed in some regions, by the viewer's country (x-country-code). */
export const REGION_RESTRICTIONS: Record<string, readonly string[]> = {
  upload: ['cn'],
};
export type RegionFeature = keyof typeof REGION_RESTRICTIONS;

export function regionAllows(country: string | null, feature: RegionFeature): boolean {
  return !(country && REGION_RESTRICTIONS[feature]?.includes(country));
}

/**
 * 403 region_restricted when the feature is closed in the viewer's region (the contract's
 * REGION_MESSAGE, in the reader's language).
 */
export function assertRegionAllows(viewer: Pick<Viewer, 'country'>, feature: RegionFeature): void {
  if (!regionAllows(viewer.country, feature))
    throw new AppError(ERROR_CODES.regionRestricted, msg('wallRegion'), { reason: 'region' });
}
