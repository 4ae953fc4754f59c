import { describe, expect, it } from 'vitest';
import { nationalNumber } from './phone.js';

describe('nationalNumber', () => {
  it('drops a typed country code in front of an 11-digit mobile', () => {
    expect(nationalNumber('8613800138000', '86')).toBe('13800138000');
    expect(nationalNumber('008613800138000', '86')).toBe('13800138000');
    expect(nationalNumber('13800138000', '86')).toBe('13800138000');
    expect(nationalNumber('861234', '86')).toBe('861234');
  });
});
