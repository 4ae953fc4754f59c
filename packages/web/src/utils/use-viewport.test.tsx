import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeWindowWidth } from '../test/window-width';
import { useViewport } from './use-viewport';

describe('useViewport', () => {
  let restore = () => {};
  afterEach(() => restore());

  it.each([
    [390, { narrow: true, phone: true }],
    [767, { narrow: true, phone: true }],
    [768, { narrow: true, phone: false }],
    [991, { narrow: true, phone: false }],
    [992, { narrow: false, phone: false }],
    [1440, { narrow: false, phone: false }],
  ])('at %i px wide answers %o in the first render', (width, expected) => {
    const fake = fakeWindowWidth(width);
    restore = fake.restore;
    const { result } = renderHook(() => useViewport());
    expect(result.current).toEqual(expected);
  });

  it('follows a resize across the breakpoints and lets go of its listeners', () => {
    const fake = fakeWindowWidth(1440);
    restore = fake.restore;
    const { result, unmount } = renderHook(() => useViewport());
    act(() => fake.resize(800));
    expect(result.current).toEqual({ narrow: true, phone: false });
    act(() => fake.resize(390));
    expect(result.current).toEqual({ narrow: true, phone: true });
    act(() => fake.resize(1200));
    expect(result.current).toEqual({ narrow: false, phone: false });
    unmount();
    expect(fake.listeners.size).toBe(0);
  });
});
