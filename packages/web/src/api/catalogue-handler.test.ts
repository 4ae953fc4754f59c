import { describe, expect, it, vi } from 'vitest';
import { performCatalogueAction, registerCatalogueHandler } from './catalogue-handler';

describe('catalogue handler', () => {
  it('keeps actions that come before the UI is ready and hands them over', () => {
    performCatalogueAction({ kind: 'openLogin' });
    performCatalogueAction({ kind: 'none' });
    const handler = vi.fn();
    const unregister = registerCatalogueHandler(handler);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ kind: 'openLogin' });
    performCatalogueAction({ kind: 'goToNotFound' });
    expect(handler).toHaveBeenCalledTimes(2);
    unregister();
  });
});
