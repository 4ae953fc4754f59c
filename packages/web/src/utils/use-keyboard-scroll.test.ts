import { describe, expect, it } from 'vitest';
import { markScrollRegion } from './use-keyboard-scroll';

function region(scrollWidth: number, clientWidth: number): HTMLElement {
  const element = document.createElement('div');
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
  return element;
}

describe('markScrollRegion', () => {
  it('makes a table wider than its box a named region that Tab reaches', () => {
    const element = region(900, 345);
    markScrollRegion(element, 'My files');
    expect(element.tabIndex).toBe(0);
    expect(element.getAttribute('role')).toBe('region');
    expect(element.getAttribute('aria-label')).toBe('My files');
  });

  it('leaves a table that fits alone, and takes the marks back once it fits', () => {
    const fits = region(345, 345);
    markScrollRegion(fits, 'My files');
    expect(fits.hasAttribute('tabindex')).toBe(false);
    expect(fits.hasAttribute('role')).toBe(false);

    const element = region(900, 345);
    markScrollRegion(element, 'My files');
    Object.defineProperty(element, 'clientWidth', { configurable: true, value: 1200 });
    markScrollRegion(element, 'My files');
    expect(element.hasAttribute('tabindex')).toBe(false);
    expect(element.hasAttribute('role')).toBe(false);
    expect(element.hasAttribute('aria-label')).toBe(false);
  });
});
