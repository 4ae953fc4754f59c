import { ERROR_CODES, REGION_MESSAGE } from '@rl/contract';
import { AppError } from '../../errors.js';
import type { Viewer } from '../access/viewer.js';

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
    throw new AppError(ERROR_CODES.regionRestricted, REGION_MESSAGE);
}
