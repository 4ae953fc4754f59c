import { ERROR_CODES, REGION_MESSAGE } from '@rl/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { assertRegionAllows, regionAllows } from './region.js';

describe('region guard', () => {
  it('refuses uploads in cn with the region message and lets other regions through', () => {
    expect(regionAllows('cn', 'upload')).toBe(false);
    expect(regionAllows('us', 'upload')).toBe(true);
    expect(regionAllows(null, 'upload')).toBe(true);
    expect(() => assertRegionAllows({ country: 'us' }, 'upload')).not.toThrow();
    try {
      assertRegionAllows({ country: 'cn' }, 'upload');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({
        code: ERROR_CODES.regionRestricted,
        message: REGION_MESSAGE,
      });
    }
  });
});
