import type { CounterNoticeAction, DmcaComplaint } from '@rl/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminFileKeys } from '../../../api/admin/files-api';
import { dmcaApi, dmcaKeys } from '../../../api/admin/dmca-api';

/**
 * Forwards, restores or rejects the complaint's counter-notice. As for an edit, the drawer shows a
 * refusal itself; on success the complaint, the table and the files (restored or not) are fresh.
 */
export function useCounterNoticeAction(onChanged: (complaint: DmcaComplaint) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CounterNoticeAction }) =>
      dmcaApi.counterNotice({ counter_notice_id: id, action }, { hideErrorMessage: true }),
    onSuccess: async (answer) => {
      onChanged(answer.complaint);
      void message.success(t('adminContent.dmca.counter.saved'));
      await Promise.all([
        client.invalidateQueries({ queryKey: dmcaKeys.all }),
        client.invalidateQueries({ queryKey: adminFileKeys.all }),
      ]);
    },
  });
}
