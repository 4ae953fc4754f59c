import type { AdminUser } from '@rl/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminUsersApi } from '../../../api/admin/users-api';
import { useConfirmAction } from '../shared/confirm-action';

/**
 * The user actions that only need a confirmation: enable/disable, reset the quota counters,
 * delete (the username typed to confirm). Each sends its call only once confirmed, then
 * `onChanged` (the table refreshes) and a success message.
 */
export function useUserActions(onChanged: () => unknown) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmAction = useConfirmAction();

  const done = async (text: string) => {
    await onChanged();
    void message.success(text);
  };

  /** Enable (a disabled account), activate (one not activated yet: the same call) or disable. */
  const setActive = async (user: AdminUser, active: boolean) => {
    const kind = !active ? 'disable' : user.status === 'inactive' ? 'activate' : 'enable';
    const confirmed = await confirmAction({
      title: t(`admin.users.${kind}.title`),
      content: t(`admin.users.${kind}.body`, { username: user.username }),
      okText: t(`admin.users.action.${kind}`),
      danger: !active,
      onConfirm: () => adminUsersApi.setActive({ user_id: user.id, active }),
    });
    if (confirmed) await done(t(`admin.users.${kind}.done`));
  };

  const refreshQuota = async (user: AdminUser) => {
    let reset = 0;
    const confirmed = await confirmAction({
      title: t('admin.users.refresh.title'),
      content: t('admin.users.refresh.body', { username: user.username }),
      okText: t('admin.users.action.refresh'),
      onConfirm: async () => {
        reset = (await adminUsersApi.refreshQuota(user.id)).counters_reset;
      },
    });
    if (confirmed) await done(t('admin.users.refresh.done', { count: reset }));
  };

  const remove = async (user: AdminUser) => {
    let filesRemoved = 0;
    const confirmed = await confirmAction({
      title: t('admin.users.delete.title'),
      content: t('admin.users.delete.body', { username: user.username }),
      danger: true,
      typedConfirmation: user.username,
      onConfirm: async () => {
        filesRemoved = (await adminUsersApi.remove(user.id)).files_removed;
      },
    });
    if (confirmed) await done(t('admin.users.delete.done', { count: filesRemoved }));
  };

  return { setActive, refreshQuota, remove };
}
