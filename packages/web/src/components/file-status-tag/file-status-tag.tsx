import { CheckCircleOutlined, CloseCircleOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import type { MyFile } from '@rl/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The processing state of a file, in the console and in my files alike; a failed one tells why on
 * hover. A file a DMCA complaint took down says so instead: it is served nowhere, whatever it was.
 */
export function FileStatusTag({
  file,
}: {
  file: Pick<MyFile, 'status' | 'fail_reason'> & Partial<Pick<MyFile, 'takedown'>>;
}) {
  const { t } = useTranslation();
  if (file.takedown)
    return (
      <Tag color="error" icon={<StopOutlined />} data-testid="file-status-taken-down">
        {t('upload.status.takenDown')}
      </Tag>
    );
  switch (file.status) {
    case 'processing':
      return (
        <Tag color="processing" icon={<SyncOutlined spin />}>
          {t('upload.status.processing')}
        </Tag>
      );
    case 'ready':
      return (
        <Tag color="success" icon={<CheckCircleOutlined />}>
          {t('upload.status.ready')}
        </Tag>
      );
    case 'failed': {
      const reason = file.fail_reason || t('upload.status.noReason');
      return (
        <Tooltip title={reason}>
          <Tag
            color="error"
            icon={<CloseCircleOutlined />}
            aria-label={`${t('upload.status.failed')}: ${reason}`}
          >
            {t('upload.status.failed')}
          </Tag>
        </Tooltip>
      );
    }
  }
}
