import type { CollectionsOfFileResponse } from '@rl/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { libraryApi, libraryKeys } from '../../api/library-api';
import { useCollectionActions } from './use-collections';

/**
 * Which of my collections hold a file, and toggling it in or out of one. A toggle shows at once
 * and goes back when the call fails (the failure is worded by the action).
 */
export function useFileCollections(fileId: string, enabled = true) {
  const client = useQueryClient();
  const actions = useCollectionActions();
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(new Map());
  const containing = useQuery({
    queryKey: libraryKeys.collectionsOf(fileId),
    queryFn: ({ signal }) => libraryApi.collectionsOf(fileId, { signal, hideErrorMessage: true }),
    enabled,
    staleTime: 30_000,
  });
  const saved = new Set(containing.data?.collection_ids ?? []);

  const settle = (collectionId: string, inside: boolean | null) => {
    if (inside !== null)
      client.setQueryData<CollectionsOfFileResponse>(libraryKeys.collectionsOf(fileId), (old) => {
        const ids = new Set(old?.collection_ids ?? []);
        if (inside) ids.add(collectionId);
        else ids.delete(collectionId);
        return { collection_ids: [...ids] };
      });
    setPending((current) => {
      const next = new Map(current);
      next.delete(collectionId);
      return next;
    });
  };

  const toggle = (collectionId: string, inside: boolean) => {
    if (pending.has(collectionId)) return;
    setPending((current) => new Map(current).set(collectionId, inside));
    const mutation = inside ? actions.addFile : actions.removeFile;
    // One promise per call: two quick toggles of different collections each settle their own.
    mutation.mutateAsync({ collectionId, fileId }).then(
      () => settle(collectionId, inside),
      () => settle(collectionId, null),
    );
  };

  return {
    containing,
    isInside: (collectionId: string) => pending.get(collectionId) ?? saved.has(collectionId),
    isPending: (collectionId: string) => pending.has(collectionId),
    /** In at least one collection (as saved on the server). */
    inAny: saved.size > 0,
    toggle,
  };
}
