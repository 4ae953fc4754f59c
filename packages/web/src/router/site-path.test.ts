import { describe, expect, it } from 'vitest';
import { sitePath } from './site-path';

describe('sitePath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(sitePath('my/bookmarks', '?x=1', '#top')).toBe('/my/bookmarks?x=1#top');
    expect(sitePath('')).toBe('/');
  });

  it.each([
    ['/host/path', '/host/path'],
    ['//host/path', '/host/path'],
    ['\\host', '/host'],
    ['\\\\host/x', '/host/x'],
    ['\t/host', '/host'],
    ['%2F%2Fhost', '/%2F%2Fhost'],
    ['a/../..//host', '/host'],
    ['./..\\/host', '/host'],
    ['https://evil.example/x', '/https://evil.example/x'],
  ])('never leads off the site from %j', (rest, expected) => {
    const path = sitePath(rest);
    expect(path).toBe(expected);
    expect(new URL(path, 'https://library.example').origin).toBe('https://library.example');
  });
});
