import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalTimeZone } from './account-rules.js';

describe('canonicalTimeZone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('spells a zone as Intl does and refuses what is no zone', () => {
    expect(canonicalTimeZone('asia/shanghai')).toBe('Asia/Shanghai');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('+08:00')).toBeNull();
  });

  it('builds one formatter per name, however often the name is asked', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 3; i++) {
      expect(canonicalTimeZone('europe/PARIS')).toBe('Europe/Paris');
      expect(canonicalTimeZone('Venus/Maxwell')).toBeNull();
    }
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('keeps answering right past its bound of remembered names', () => {
    for (let i = 0; i < 1100; i++) expect(canonicalTimeZone(`Nowhere/Place${i}`)).toBeNull();
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('Nowhere/Place0')).toBeNull();
  });
});
