import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { MyFile } from '@rl/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The processing state of a file, in the console and in my files alike; a failed one tells why on hover. */
export function FileStatusTag({ file }: { file: Pick<MyFile, 'status' | 'fail_reason'> }) {
  const { t } = useTranslation();
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
