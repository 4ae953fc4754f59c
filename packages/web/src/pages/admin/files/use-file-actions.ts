import type { AdminFile } from '@rl/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../shared/confirm-action';
import { adminFileKeys, adminFilesApi } from '../../../api/admin/files-api';
import { browserNavigation } from './browser-navigation';

/** Asks every files query again (pages, details, histories) after a change. */
export function useRefreshFiles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminFileKeys.all });
}

/** Downloads a file: a signed link from the server, then the browser goes to it. */
export function useDownloadFile() {
  return useMutation({
    mutationFn: (fileId: string) => adminFilesApi.download(fileId),
    onSuccess: ({ download_url }) => browserNavigation.go(download_url),
  });
}

/** Deletes a file once the administrator confirms; resolves whether it was deleted. */
export function useDeleteFile() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmAction = useConfirmAction();
  const refresh = useRefreshFiles();
  return async (file: AdminFile): Promise<boolean> => {
    const deleted = await confirmAction({
      title: t('adminContent.files.delete.title'),
      content: t('adminContent.files.delete.body', { name: file.title || file.file_name }),
      danger: true,
      onConfirm: () => adminFilesApi.remove(file.id),
    });
    if (deleted) {
      void message.success(t('adminContent.files.delete.done'));
      await refresh();
    }
    return deleted;
  };
}
