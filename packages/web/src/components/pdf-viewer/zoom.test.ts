import { describe, expect, it } from 'vitest';
import { resolveScale, steppedZoom } from './zoom';

const a4 = { width: 600, height: 800 };

describe('zoom', () => {
  it('fits the width or the whole page', () => {
    expect(resolveScale({ kind: 'fitWidth' }, a4, { width: 1240, height: 500 })).toBe(2);
    expect(resolveScale({ kind: 'fitPage' }, a4, { width: 1240, height: 824 })).toBe(1);
  });

  it('keeps scales within bounds', () => {
    expect(resolveScale({ kind: 'scale', value: 10 }, a4, { width: 100, height: 100 })).toBe(3);
    expect(resolveScale({ kind: 'fitWidth' }, a4, { width: 100, height: 100 })).toBe(0.5);
    expect(resolveScale({ kind: 'fitWidth' }, a4, { width: 0, height: 0 })).toBe(1);
  });

  it('steps through the zoom levels', () => {
    expect(steppedZoom(1, 1)).toEqual({ kind: 'scale', value: 1.1 });
    expect(steppedZoom(1.3, 1)).toEqual({ kind: 'scale', value: 1.5 });
    expect(steppedZoom(1.3, -1)).toEqual({ kind: 'scale', value: 1.25 });
    expect(steppedZoom(3, 1)).toEqual({ kind: 'scale', value: 3 });
    expect(steppedZoom(0.5, -1)).toEqual({ kind: 'scale', value: 0.5 });
  });
});
