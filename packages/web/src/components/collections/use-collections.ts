import { useMutation, useQuery } from '@tanstack/react-query';
import { libraryApi, libraryKeys, OWN_FAILURE_MESSAGE } from '../../api/library-api';
import type { MessageKey } from '../../locale/en-US';
import { useFailureToast } from './use-failure-toast';
import { useLibraryCache } from './use-library-cache';

/** My collections (paid plan), newest change first as the server sorts them. */
export function useCollectionList(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.collectionList,
    // A failed list shows itself in place, with a retry.
    queryFn: ({ signal }) => libraryApi.collections({ signal, hideErrorMessage: true }),
    enabled,
    staleTime: 30_000,
  });
}

/** A collection change that refreshes every list of collections and words its own failure. */
function useCollectionMutation<V, R>(
  call: (variables: V) => Promise<R>,
  failed: MessageKey,
  conflict?: MessageKey,
) {
  const cache = useLibraryCache();
  const reportFailure = useFailureToast();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void cache.refreshCollections(),
    onError: (error) => reportFailure(error, { failed, conflict }),
  });
}

/** Creating, renaming and deleting collections, and adding files to them or removing them. */
export function useCollectionActions() {
  const nameTaken: MessageKey = 'library.collection.nameTaken';
  return {
    create: useCollectionMutation(
      (name: string) => libraryApi.createCollection(name, OWN_FAILURE_MESSAGE),
      'library.collection.createFailed',
      nameTaken,
    ),
    rename: useCollectionMutation(
      ({ id, name }: { id: string; name: string }) =>
        libraryApi.renameCollection(id, name, OWN_FAILURE_MESSAGE),
      'library.collection.renameFailed',
      nameTaken,
    ),
    remove: useCollectionMutation(
      (id: string) => libraryApi.deleteCollection(id, OWN_FAILURE_MESSAGE),
      'library.collection.deleteFailed',
    ),
    addFile: useCollectionMutation(
      ({ collectionId, fileId }: { collectionId: string; fileId: string }) =>
        libraryApi.addToCollection(collectionId, fileId, OWN_FAILURE_MESSAGE),
      'library.collection.addFailed',
    ),
    removeFile: useCollectionMutation(
      ({ collectionId, fileId }: { collectionId: string; fileId: string }) =>
        libraryApi.removeFromCollection(collectionId, fileId, OWN_FAILURE_MESSAGE),
      'library.collection.removeFailed',
    ),
  };
}
