import { ERROR_CODES, REGION_MESSAGE } from '@rl/contract';
import { Forbidden } from '../../http/errors.js';
import type { Viewer } from '../../http/viewer.js';

/** Features closed in some regions, by the viewer's country (x-country-code). */
export const REGION_RESTRICTIONS: Record<string, readonly string[]> = {
  upload: ['cn'],
};
export type RegionFeature = keyof typeof REGION_RESTRICTIONS;

export function regionAllows(country: string | null, feature: RegionFeature): boolean {
  return !(country && REGION_RESTRICTIONS[feature]?.includes(country));
}

/** 403 region_restricted with REGION_MESSAGE when the feature is closed in the viewer's region. */
export function assertRegionAllows(viewer: Pick<Viewer, 'country'>, feature: RegionFeature): void {
  if (!regionAllows(viewer.country, feature))
    throw new Forbidden(REGION_MESSAGE, ERROR_CODES.regionRestricted);
}
