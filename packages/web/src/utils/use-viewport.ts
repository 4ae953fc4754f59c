import { useSyncExternalStore } from 'react';

/** Below this width the side menu, the filter column and the viewer's side panel fold away (antd's lg). */
export const NARROW_MAX_PX = 991.98;
/** Below this width the layout is a phone's: no tab bar or breadcrumb, an icon-only navbar (antd's md). */
export const PHONE_MAX_PX = 767.98;

export interface Viewport {
  /** Phones and tablets: one column at a time. */
  narrow: boolean;
  /** Phones only. */
  phone: boolean;
}

const QUERIES = {
  narrow: `(max-width: ${NARROW_MAX_PX}px)`,
  phone: `(max-width: ${PHONE_MAX_PX}px)`,
} as const;

function matches(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}

/** Whether the window is narrow now, for code that runs outside React. */
export function isNarrowWindow(): boolean {
  return matches(QUERIES.narrow);
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const lists = Object.values(QUERIES).map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

// One string per state, so useSyncExternalStore sees a stable snapshot.
const snapshot = () => `${matches(QUERIES.narrow)}|${matches(QUERIES.phone)}`;

/** What a render on the server assumes (first-paint/): a wide window unless told otherwise. */
let serverSnapshot = 'false|false';

/** The width class a render on the server lays the page out for. */
export function renderOnServerFor(viewport: Viewport): void {
  serverSnapshot = `${viewport.narrow}|${viewport.phone}`;
}

/**
 * The width class of the window, read synchronously in the first render (antd's useBreakpoint
 * answers only after an effect, so a desktop would first render the phone layout).
 */
export function useViewport(): Viewport {
  const state = useSyncExternalStore(subscribe, snapshot, () => serverSnapshot);
  const [narrow, phone] = state.split('|');
  return { narrow: narrow === 'true', phone: phone === 'true' };
}
