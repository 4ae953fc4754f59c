import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../config/storage-keys';
import { DEFAULT_FIRST_PAINT_KEY } from './first-paint-key';

/** index.html's own scripts: the first decides whether a first paint shows, the last starts the app after it. */
const INDEX = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
const [CHECK, START] = [...INDEX.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
const PHONE = '(max-width: 767.98px)';

const html = document.documentElement;
const run = (script: string | undefined) => new Function(script!)();

function windowOf(width: 'phone' | 'desktop'): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: (query === PHONE) === (width === 'phone') }));
}

describe("index.html's first script: the first paint shows only in a browser in its state", () => {
  beforeEach(() => {
    html.setAttribute('data-first-paint', DEFAULT_FIRST_PAINT_KEY);
    html.setAttribute('data-first-paint-media', PHONE);
    windowOf('phone');
  });
  afterEach(() => {
    localStorage.clear();
    html.removeAttribute('data-first-paint');
    vi.unstubAllGlobals();
  });

  it('shows it in a fresh browser of the width it was laid out for', () => {
    run(CHECK);
    expect(html.getAttribute('data-first-paint')).toBe(DEFAULT_FIRST_PAINT_KEY);
  });

  it('shows it where the app stored the same key', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'en-US');
    localStorage.setItem(STORAGE_KEYS.firstPaint, DEFAULT_FIRST_PAINT_KEY);
    run(CHECK);
    expect(html.getAttribute('data-first-paint')).toBe(DEFAULT_FIRST_PAINT_KEY);
  });

  it('hides it in another state, or at another width', () => {
    const cases: [string, () => void][] = [
      ['another key', () => localStorage.setItem(STORAGE_KEYS.firstPaint, '["zh-CN"]')],
      ['a login before the app stored a key', () => localStorage.setItem(STORAGE_KEYS.token, 't')],
      ['a language before the app stored a key', () => localStorage.setItem(STORAGE_KEYS.locale, 'zh-CN')],
      ['settings before the app stored a key', () => localStorage.setItem(STORAGE_KEYS.appSettings, '{}')],
      ['a wide window', () => windowOf('desktop')],
    ];
    for (const [name, arrange] of cases) {
      localStorage.clear();
      windowOf('phone');
      html.setAttribute('data-first-paint', DEFAULT_FIRST_PAINT_KEY);
      arrange();
      run(CHECK);
      expect(html.getAttribute('data-first-paint'), name).toBe('off');
    }
  });

  it('does nothing on a page without a paint', () => {
    html.removeAttribute('data-first-paint');
    localStorage.setItem(STORAGE_KEYS.token, 't');
    run(CHECK);
    expect(html.hasAttribute('data-first-paint')).toBe(false);
  });
});

describe("index.html's last script: the app's modules load once the paint is on screen", () => {
  let observed: ((list: { getEntries(): { name: string }[] }) => void) | null;
  let frame: (() => void) | null;
  beforeEach(() => {
    observed = null;
    frame = null;
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => (frame = callback));
    document.head.innerHTML =
      '<meta name="app-entry" content="/assets/index-abc.js"><meta name="app-module" content="/assets/react-def.js">';
    html.setAttribute('data-first-paint', DEFAULT_FIRST_PAINT_KEY);
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof observed) {
          observed = callback;
        }
        observe() {}
      },
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    html.removeAttribute('data-first-paint');
  });

  const loaded = () => ({
    scripts: [...document.head.querySelectorAll('script')].map((s) => [
      s.type,
      s.getAttribute('src'),
      s.hasAttribute('crossorigin'),
    ]),
    preloads: [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')]),
  });

  it('waits for the first contentful paint and a frame drawn after the page, then loads the modules once', () => {
    run(START);
    expect(loaded().scripts).toEqual([]);
    observed!({ getEntries: () => [{ name: 'first-paint' }] });
    observed!({ getEntries: () => [{ name: 'first-contentful-paint' }] });
    expect(loaded().scripts).toEqual([]);
    frame!();
    vi.advanceTimersByTime(0);
    observed!({ getEntries: () => [{ name: 'first-contentful-paint' }] });
    vi.advanceTimersByTime(5000);
    expect(loaded()).toEqual({
      scripts: [['module', '/assets/index-abc.js', true]],
      preloads: [['modulepreload', '/assets/react-def.js']],
    });
  });

  it('waits for the paint when the frame comes first', () => {
    run(START);
    frame!();
    vi.advanceTimersByTime(0);
    expect(loaded().scripts).toEqual([]);
    observed!({ getEntries: () => [{ name: 'first-contentful-paint' }] });
    expect(loaded().scripts).toHaveLength(1);
  });

  it('starts after two seconds in a browser that reports no paint', () => {
    run(START);
    frame!();
    vi.advanceTimersByTime(1999);
    expect(loaded().scripts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loaded().scripts).toHaveLength(1);
  });

  it('starts at once where the paint is hidden', () => {
    html.setAttribute('data-first-paint', 'off');
    run(START);
    expect(loaded().scripts).toHaveLength(1);
  });

  it('leaves a page without named modules to its own module script', () => {
    document.head.innerHTML = '';
    run(START);
    expect(loaded().scripts).toEqual([]);
  });
});
