/** A window of `width` px whose media queries answer as a browser's would, and can be resized. */
export function fakeWindowWidth(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  const maxWidth = (query: string) => Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity);
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return current <= maxWidth(query);
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    resize(next: number) {
      current = next;
      for (const listener of [...listeners]) listener();
    },
    listeners,
    restore: () => {
      window.matchMedia = original;
    },
  };
}
