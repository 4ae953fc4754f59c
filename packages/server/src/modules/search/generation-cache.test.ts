import { describe, expect, it } from 'vitest';
import { createGenerationCache } from './generation-cache.js';

/** A cache over a settable generation, counting how often values are computed. */
function setup(maxEntries = 10) {
  let generation = 1;
  let computed = 0;
  const cache = createGenerationCache<string>(async () => String(generation), maxEntries);
  const get = (key: string) =>
    cache.get(key, async () => {
      computed++;
      return `${key}@${generation}`;
    });
  return {
    get,
    cache,
    computed: () => computed,
    bump: () => generation++,
  };
}

describe('generation cache', () => {
  it('answers a key again from memory while the generation stays', async () => {
    const c = setup();
    expect(await c.get('a')).toBe('a@1');
    expect(await c.get('a')).toBe('a@1');
    expect(await c.get('b')).toBe('b@1');
    expect(c.computed()).toBe(2);
  });

  it('computes everything again once the generation moves', async () => {
    const c = setup();
    await c.get('a');
    c.bump();
    expect(await c.get('a')).toBe('a@2');
    expect(c.computed()).toBe(2);
  });

  it('does not keep a value computed while the generation moved past it', async () => {
    let generation = 1;
    const cache = createGenerationCache<number>(async () => String(generation), 10);
    const slow = cache.get('k', async () => {
      // Another request sees the next generation while this one is still computing.
      generation = 2;
      await cache.get('other', async () => 0);
      return 1;
    });
    expect(await slow).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('drops the least recently used entry when full', async () => {
    const c = setup(2);
    await c.get('a');
    await c.get('b');
    await c.get('a'); // a is now the most recent
    await c.get('c'); // b goes
    expect(c.computed()).toBe(3);
    await c.get('a');
    expect(c.computed()).toBe(3);
    await c.get('b');
    expect(c.computed()).toBe(4);
  });

  it('takes a generation the caller already read instead of reading it again', async () => {
    let reads = 0;
    const cache = createGenerationCache<string>(async () => String(++reads), 10);
    expect(await cache.get('a', async (gen) => `a@${gen}`, '7')).toBe('a@7');
    expect(await cache.get('a', async () => 'again', '7')).toBe('a@7');
    expect(reads).toBe(0);
    // Another generation known: nothing of the one before is answered.
    expect(await cache.get('a', async (gen) => `a@${gen}`, '8')).toBe('a@8');
    expect(reads).toBe(0);
    expect(await cache.get('a', async (gen) => `a@${gen}`)).toBe('a@1');
    expect(reads).toBe(1);
  });
});
