import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s (default 1 s): a loaded CI machine renders antd slowly.
configure({ asyncUtilTimeout: 5000 });

// Tell React that tests wrap updates in act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// jsdom lacks these browser APIs that antd and the app use. (The build's tests run in Node.)
const inJsdom = typeof window !== 'undefined';
if (inJsdom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

class StubObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

if (inJsdom && !('ResizeObserver' in window)) Object.assign(window, { ResizeObserver: StubObserver });
if (inJsdom && !('IntersectionObserver' in window))
  Object.assign(window, { IntersectionObserver: StubObserver });

afterEach(() => {
  if (!inJsdom) return;
  cleanup();
  window.localStorage.clear();
});
