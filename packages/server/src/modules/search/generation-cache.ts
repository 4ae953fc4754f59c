/**
 * Values computed from the search's tables (exact counts, whole result pages), remembered per key
 * while the search generation (search-generation.ts) stays: `generation` is read before every
 * lookup, so nothing stale is ever answered, in any process or instance. A caller that already
 * read it for the request it serves passes it as `known` (one read per search, not one per count:
 * each is a round trip on PostgreSQL); `compute` is given the generation it computes for. Least
 * recently used entries go first once `maxEntries` are held.
 */
export function createGenerationCache<V>(generation: () => Promise<string>, maxEntries: number) {
  const entries = new Map<string, V>();
  let seen = '';

  return {
    async get(key: string, compute: (generation: string) => Promise<V>, known?: string): Promise<V> {
      const now = known ?? (await generation());
      if (now !== seen) {
        entries.clear();
        seen = now;
      }
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const value = await compute(now);
      // A newer generation seen meanwhile: this value may be older than it, so it is not kept.
      if (seen === now) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, value);
      }
      return value;
    },
  };
}
