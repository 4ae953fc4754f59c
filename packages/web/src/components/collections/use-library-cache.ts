import type { FileDetailResponse, SummaryResponse } from '@rl/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fileKeys } from '../../api/files-api';
import { libraryKeys } from '../../api/library-api';

/** Keeps the cached answers of my library true after a change made anywhere in the app. */
export function useLibraryCache() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      /** A file was starred or unstarred: its detail says so, the stars list is fetched again. */
      noteStarred: (fileId: string, starred: boolean) => {
        client.setQueryData<FileDetailResponse>(fileKeys.detail(fileId), (old) =>
          old ? { ...old, starred } : old,
        );
        return client.invalidateQueries({ queryKey: libraryKeys.stars });
      },
      /** A summary was written on request: the file's detail shows it. */
      noteSummary: (fileId: string, answer: SummaryResponse) =>
        client.setQueryData<FileDetailResponse>(fileKeys.detail(fileId), (old) =>
          old
            ? {
                ...old,
                file_info: {
                  ...old.file_info,
                  meta: {
                    ...old.file_info.meta,
                    summary: answer.summary,
                    summary_compact: answer.summary_compact,
                  },
                  multi_language_summary: answer.multi_language_summary,
                },
              }
            : old,
        ),
      /** Collections changed (names, counts or contents): every list of them is fetched again. */
      refreshCollections: () => client.invalidateQueries({ queryKey: libraryKeys.collections }),
      /** An issuer was starred or unstarred: the issuer lists are fetched again. */
      refreshIssuers: () => client.invalidateQueries({ queryKey: fileKeys.issuers }),
    }),
    [client],
  );
}
