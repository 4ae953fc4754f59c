import type { AdminFile } from '@rl/contract';
import { Badge, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';

/** The DMCA state of a file: its open complaints and, once taken down, since when. */
export function FileDmcaCell({ file }: { file: Pick<AdminFile, 'dmca_open' | 'taken_down_time'> }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  if (file.dmca_open === 0 && !file.taken_down_time) return <span aria-hidden>–</span>;
  return (
    <Space size={4} wrap>
      {file.dmca_open > 0 && (
        <Tooltip title={t('adminContent.files.dmca.openCount', { count: file.dmca_open })}>
          <Badge count={file.dmca_open} data-testid="file-dmca-open" />
        </Tooltip>
      )}
      {file.taken_down_time && (
        <Tooltip title={format.dateTime(file.taken_down_time)}>
          <Tag color="red" data-testid="file-taken-down">
            {t('adminContent.files.dmca.takenDown')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
