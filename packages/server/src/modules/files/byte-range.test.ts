import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.js';

describe('parseByteRange', () => {
  it.each([
    [undefined, { kind: 'none' }],
    ['bytes=0-99', { kind: 'range', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'range', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'range', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'range', start: 0, end: 999 }],
    ['bytes=500-5000', { kind: 'range', start: 500, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=9-3', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-9', { kind: 'none' }],
    ['items=0-1', { kind: 'none' }],
    ['bytes=-', { kind: 'none' }],
  ])('%s', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
