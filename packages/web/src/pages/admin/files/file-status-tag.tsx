import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { AdminFile } from '@rl/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The processing state of a file; a failed one tells why on hover. */
export function FileStatusTag({ file }: { file: Pick<AdminFile, 'status' | 'fail_reason'> }) {
  const { t } = useTranslation();
  switch (file.status) {
    case 'processing':
      return (
        <Tag color="processing" icon={<SyncOutlined spin />}>
          {t('adminContent.files.status.processing')}
        </Tag>
      );
    case 'ready':
      return (
        <Tag color="success" icon={<CheckCircleOutlined />}>
          {t('adminContent.files.status.ready')}
        </Tag>
      );
    case 'failed': {
      const reason = file.fail_reason || t('adminContent.files.status.noReason');
      const label = t('adminContent.files.status.failed');
      return (
        <Tooltip title={reason}>
          <Tag color="error" icon={<CloseCircleOutlined />} aria-label={`${label}: ${reason}`}>
            {label}
          </Tag>
        </Tooltip>
      );
    }
  }
}
