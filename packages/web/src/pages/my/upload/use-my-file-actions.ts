import type { MyFileEditRequest } from '@rl/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS } from '../../../api/error-catalogue';
import { uploadsApi } from '../../../api/uploads-api';
import { useToast } from '../../../components/toast/toast-context';
import { failureText, handledByCatalogue } from './report-failure';
import { useRefreshMyFiles } from './use-my-files';

/** Deletes one of my files; a failure says 'Failed to delete file' (SPEC.md section 8). */
export function useDeleteMyFile() {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshMyFiles();
  return useMutation({
    // The catalogue would send a 404 (already gone) to the not-found page: the page reports it.
    mutationFn: (fileId: string) => uploadsApi.remove(fileId, { catalogue: false }),
    onSuccess: () => void toast.success(t('upload.delete.done')),
    onError: (error) => {
      if (handledByCatalogue(error)) return;
      const content = failureText(error, t('errors.delete.failed'), t);
      void toast.error({ content, duration: ERROR_TOAST_SECONDS });
    },
    onSettled: () => refresh(),
  });
}

/** Publishes an upload to the library or makes it private again (paid plan; the server checks). */
export function usePublishMyFile() {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshMyFiles();
  return useMutation({
    mutationFn: ({ fileId, publish }: { fileId: string; publish: boolean }) =>
      uploadsApi.publish(fileId, publish),
    onSuccess: ({ file }) =>
      void toast.success(t(file.visibility === 'public' ? 'upload.publish.done' : 'upload.unpublish.done')),
    onSettled: () => refresh(),
  });
}

/**
 * Corrects the title or publish date of an upload. A refusal says why (the server's reason) and
 * leaves the form open; a success says so, closes it and refreshes the list.
 */
export function useEditMyFile(onSaved: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshMyFiles();
  return useMutation({
    // As for delete: a 404 (deleted meanwhile) is reported here, not by the not-found page.
    mutationFn: (request: MyFileEditRequest) => uploadsApi.edit(request, { catalogue: false }),
    onSuccess: () => {
      void toast.success(t('upload.edit.done'));
      onSaved();
    },
    onError: (error) => {
      if (handledByCatalogue(error)) return;
      const content = failureText(error, t('upload.edit.failed'), t);
      void toast.error({ content, duration: ERROR_TOAST_SECONDS });
    },
    onSettled: () => refresh(),
  });
}
