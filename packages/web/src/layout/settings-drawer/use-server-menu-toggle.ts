import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/user-api';
import { useToast } from '../../components/toast/toast-context';
import { useAppSettingsStore } from '../../stores/app-settings-store';

const NOTICE_KEY = 'server-menu';

/**
 * Turning "menu from server" on fetches the menu with a loading notice, then a success or an
 * error notice (SPEC.md section 4); on error the setting stays off.
 */
export function useServerMenuToggle(): (checked: boolean) => void {
  const { t } = useTranslation();
  const toast = useToast();
  const updateSettings = useAppSettingsStore((s) => s.updateSettings);
  const setServerMenu = useAppSettingsStore((s) => s.setServerMenu);

  return useCallback(
    (checked: boolean) => {
      if (!checked) {
        updateSettings({ menuFromServer: false });
        setServerMenu([]);
        return;
      }
      void toast.open({
        key: NOTICE_KEY,
        type: 'loading',
        content: t('settings.menuFromServer.loading'),
        duration: 0,
      });
      userApi
        .menu({ catalogue: false })
        .then((menu) => {
          setServerMenu(menu);
          updateSettings({ menuFromServer: true });
          void toast.open({
            key: NOTICE_KEY,
            type: 'success',
            content: t('settings.menuFromServer.success'),
          });
        })
        .catch(() => {
          void toast.open({
            key: NOTICE_KEY,
            type: 'error',
            content: t('settings.menuFromServer.error'),
            duration: 5,
          });
        });
    },
    [toast, t, updateSettings, setServerMenu],
  );
}
