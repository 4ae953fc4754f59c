import { describe, expect, it } from 'vitest';
import { declaredLength, hasBody } from './body-length.js';

describe('a request body as its head declares it', () => {
  it('is there with a length above 0 or chunks', () => {
    expect(hasBody({ 'content-length': '12' })).toBe(true);
    expect(hasBody({ 'transfer-encoding': 'chunked' })).toBe(true);
    expect(hasBody({ 'content-length': '0' })).toBe(false);
    expect(hasBody({})).toBe(false);
  });

  it('has its declared length only when that is a whole number of bytes', () => {
    expect(declaredLength({ 'content-length': '1048576' })).toBe(1048576);
    expect(declaredLength({ 'content-length': '0' })).toBe(0);
    expect(declaredLength({})).toBeNull();
    expect(declaredLength({ 'content-length': '-5' })).toBeNull();
    expect(declaredLength({ 'content-length': '1.5' })).toBeNull();
    expect(declaredLength({ 'content-length': 'many' })).toBeNull();
  });
});
