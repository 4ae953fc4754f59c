import type { DmcaComplaint, DmcaEditRequest } from '@rl/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminFileKeys } from '../../../api/admin/files-api';
import { dmcaApi, dmcaKeys } from '../../../api/admin/dmca-api';

export type ComplaintChange = Omit<DmcaEditRequest, 'complaint_id'>;

/**
 * Changes a complaint (status, notes or linked file). The drawer shows a refusal itself (e.g.
 * accepting without a linked file); on success the complaint, the table and the files (taken down
 * or back) are fresh again.
 */
export function useComplaintEdit(complaint: DmcaComplaint, onChanged: (complaint: DmcaComplaint) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ComplaintChange) =>
      dmcaApi.edit({ complaint_id: complaint.id, ...change }, { hideErrorMessage: true }),
    onSuccess: async (answer) => {
      onChanged(answer.complaint);
      void message.success(t('adminContent.dmca.saved'));
      await Promise.all([
        client.invalidateQueries({ queryKey: dmcaKeys.all }),
        client.invalidateQueries({ queryKey: adminFileKeys.all }),
      ]);
    },
  });
}
