import { useState } from 'react';
import { useFailureToast } from '../../../components/collections/use-failure-toast';
import type { MessageKey } from '../../../locale/en-US';

/**
 * Takes a row out of a list at once and calls the server; when the call fails the row comes back
 * and `failure` says why. A removed row stays hidden while the list is fetched again.
 */
export function useOptimisticRemoval(remove: (id: string) => Promise<unknown>, failure: MessageKey) {
  const reportFailure = useFailureToast();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const setHiddenFlag = (id: string, hide: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (hide) next.add(id);
      else next.delete(id);
      return next;
    });

  const removeRow = async (id: string) => {
    setHiddenFlag(id, true);
    try {
      await remove(id);
    } catch (error) {
      setHiddenFlag(id, false);
      reportFailure(error, failure);
    }
  };

  return { isHidden: (id: string) => hidden.has(id), removeRow };
}
