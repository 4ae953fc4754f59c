import { useQuery } from '@tanstack/react-query';
import { adminFileKeys, adminFilesApi } from '../../../api/admin/files-api';

/** A file's details for a drawer (fetched fresh each time it opens; its own error message shown). */
export function useFileDetails(fileId: string | null) {
  return useQuery({
    queryKey: adminFileKeys.details(fileId ?? ''),
    queryFn: ({ signal }) => adminFilesApi.details(fileId ?? '', { signal, hideErrorMessage: true }),
    enabled: fileId !== null,
    staleTime: 0,
    retry: false,
  });
}
