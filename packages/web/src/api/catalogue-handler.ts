import type { CatalogueAction } from './error-catalogue';

type CatalogueHandler = (action: CatalogueAction) => void;

/** Actions of calls that failed before the UI was ready (e.g. the first search); shown once it is. */
const pending: CatalogueAction[] = [];
const MAX_PENDING = 10;

let handler: CatalogueHandler | null = null;

/**
 * The UI registers how to carry out catalogue actions (toasts, modals, navigation); the client
 * calls `performCatalogueAction`. Returns a function that unregisters.
 */
export function registerCatalogueHandler(next: CatalogueHandler): () => void {
  handler = next;
  for (const action of pending.splice(0)) next(action);
  return () => {
    if (handler === next) handler = null;
  };
}

export function performCatalogueAction(action: CatalogueAction): void {
  if (action.kind === 'none') return;
  if (handler) handler(action);
  else if (pending.length < MAX_PENDING) pending.push(action);
}
