import { describe, expect, it } from 'vitest';
import type { StoredName } from './company-directory.js';
import { createDirectorySource } from './directory-source.js';

/** Names stored by "another process": the test changes them behind the source's back. */
function storedNames() {
  let rows: StoredName[] = [];
  let writes = 0;
  let reads = 0;
  return {
    repo: {
      all: async () => {
        reads += 1;
        return rows;
      },
      stamp: async () => String(writes),
    },
    write(next: StoredName[]) {
      rows = next;
      writes += 1;
    },
    reads: () => reads,
  };
}

describe('the company directory in use', () => {
  it('takes a name another process stored at its next check, and reads the names only when they moved', async () => {
    const store = storedNames();
    let clock = 0;
    const source = createDirectorySource(store.repo, { listed: () => [], recheckMs: 2000, now: () => clock });
    const first = await source.current();
    expect(first.byName('鹅厂')).toBeUndefined();

    store.write([{ ticker: '0700.HK', name: '鹅厂', source: 'console', hidden: 0 }]);
    clock += 1000;
    expect(await source.current()).toBe(first);
    clock += 1500;
    const second = await source.current();
    expect(second.tag).toBeGreaterThan(first.tag);
    expect(second.byName('鹅厂')?.tickers).toContain('0700.HK');

    clock += 5000;
    expect(await source.current()).toBe(second);
    expect(store.reads()).toBe(2);
  });
});
