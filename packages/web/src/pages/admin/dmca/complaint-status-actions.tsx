import type { DmcaComplaint, DmcaStatus } from '@rl/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../shared/confirm-action';

interface ComplaintStatusActionsProps {
  complaint: DmcaComplaint;
  busy: boolean;
  /** A counter-notice is open: its own actions decide, these wait. */
  locked?: boolean;
  onStatus(status: DmcaStatus): void;
}

/**
 * Start review, Accept (takes the file down) and Reject (puts it back), each of the two after a
 * confirmation, and Counter-notice (one received outside the site).
 */
export function ComplaintStatusActions({
  complaint,
  busy,
  locked = false,
  onStatus,
}: ComplaintStatusActionsProps) {
  const { t } = useTranslation();
  const confirmAction = useConfirmAction();
  const current = complaint.status;
  const name = complaint.file_title ?? complaint.file_id;
  const reject = async () => {
    const confirmed = await confirmAction({
      title: t('adminContent.dmca.reject.title'),
      content: complaint.file_taken_down_time
        ? t('adminContent.dmca.reject.bodyRestores', { name })
        : t('adminContent.dmca.reject.body'),
      okText: t('adminContent.dmca.reject.ok'),
      danger: true,
    });
    if (confirmed) onStatus('rejected');
  };
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
  const disabled = busy || locked;
  return (
    <Space wrap data-testid="dmca-status-actions">
      <Button
        disabled={disabled || current === 'under_review'}
        onClick={() => onStatus('under_review')}
        data-testid="dmca-review"
      >
        {t('adminContent.dmca.action.review')}
      </Button>
      <Button
        type="primary"
        danger
        disabled={disabled || current === 'accepted'}
        onClick={() => void accept()}
        data-testid="dmca-accept"
      >
        {t('adminContent.dmca.action.accept')}
      </Button>
      <Button
        disabled={disabled || current === 'rejected'}
        onClick={() => void reject()}
        data-testid="dmca-reject"
      >
        {t('adminContent.dmca.action.reject')}
      </Button>
      <Button
        disabled={disabled || current === 'counter_notice'}
        onClick={() => onStatus('counter_notice')}
        data-testid="dmca-counter"
      >
        {t('adminContent.dmca.action.counterNotice')}
      </Button>
    </Space>
  );
}
