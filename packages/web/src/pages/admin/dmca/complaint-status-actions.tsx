import type { DmcaComplaint, DmcaStatus } from '@rl/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../shared/confirm-action';

interface ComplaintStatusActionsProps {
  complaint: DmcaComplaint;
  busy: boolean;
  onStatus(status: DmcaStatus): void;
}

/** Start review, Accept (takes the file down, after a confirmation), Reject, Counter-notice. */
export function ComplaintStatusActions({ complaint, busy, onStatus }: ComplaintStatusActionsProps) {
  const { t } = useTranslation();
  const confirmAction = useConfirmAction();
  const current = complaint.status;
  const accept = async () => {
    const confirmed = await confirmAction({
      title: t('adminContent.dmca.accept.title'),
      content: complaint.file_id
        ? t('adminContent.dmca.accept.body', { name: complaint.file_title ?? complaint.file_id })
        : t('adminContent.dmca.accept.noFile'),
      okText: t('adminContent.dmca.accept.ok'),
      danger: true,
    });
    if (confirmed) onStatus('accepted');
  };
  return (
    <Space wrap data-testid="dmca-status-actions">
      <Button
        disabled={busy || current === 'under_review'}
        onClick={() => onStatus('under_review')}
        data-testid="dmca-review"
      >
        {t('adminContent.dmca.action.review')}
      </Button>
      <Button
        type="primary"
        danger
        disabled={busy || current === 'accepted'}
        onClick={() => void accept()}
        data-testid="dmca-accept"
      >
        {t('adminContent.dmca.action.accept')}
      </Button>
      <Button
        disabled={busy || current === 'rejected'}
        onClick={() => onStatus('rejected')}
        data-testid="dmca-reject"
      >
        {t('adminContent.dmca.action.reject')}
      </Button>
      <Button
        disabled={busy || current === 'counter_notice'}
        onClick={() => onStatus('counter_notice')}
        data-testid="dmca-counter"
      >
        {t('adminContent.dmca.action.counterNotice')}
      </Button>
    </Space>
  );
}
