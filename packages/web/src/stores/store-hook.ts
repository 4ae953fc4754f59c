import { useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

/**
 * Reads `store` through `selector`, re-rendering when the selected value changes. A render on the
 * server (first-paint/) reads the store as it stands, where zustand's own hooks would read the
 * store's initial state: the server sets the results and the language it renders.
 */
export function useStoreAsItStands<S, T>(store: StoreApi<S>, selector: (state: S) => T): T {
  const select = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, select, select);
}

/** A store shaped like zustand's `create`: a hook to read it, with the store's own API on it. */
export function storeWithHook<S>(store: StoreApi<S>) {
  return Object.assign(<T>(selector: (state: S) => T) => useStoreAsItStands(store, selector), store);
}
