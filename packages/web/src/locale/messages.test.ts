import { describe, expect, it } from 'vitest';
import { consoleMessages } from './console-messages';
import { enUS as appEnUS } from './en-US';
import { zhCN as appZhCN } from './zh-CN';

/** Every message: the user app's and the console's (which load with the console). */
const enUS = { ...appEnUS, ...consoleMessages['en-US'] };
const zhCN = { ...appZhCN, ...consoleMessages['zh-CN'] };

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('message files', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('use dotted keys and no empty messages', () => {
    for (const [key, text] of [...Object.entries(enUS), ...Object.entries(zhCN)]) {
      expect(key).toMatch(/^[a-zA-Z]+(\.[a-zA-Z0-9_-]+)+$/);
      expect(text.trim()).not.toBe('');
    }
  });

  it('keep the same placeholders in both languages', () => {
    for (const key of Object.keys(enUS) as (keyof typeof enUS)[]) {
      expect(placeholders(zhCN[key]), key).toEqual(placeholders(enUS[key]));
    }
  });

  it('carry the spec messages', () => {
    expect(enUS['search.noResults']).toBe('No results found');
    expect(enUS['viewer.loading']).toBe('File loading...');
    expect(enUS['errors.request.tooFrequent']).toBe('Request too frequent, please try again later');
    expect(enUS['errors.loginExpired']).toBe('Login expired, please login again');
    expect(enUS['notFound.title']).toBe('Page not found');
  });
});
