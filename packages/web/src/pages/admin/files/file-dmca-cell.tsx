import type { AdminFile } from '@rl/contract';
import { Badge, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';

type DmcaOfFile = Pick<AdminFile, 'dmca_open' | 'taken_down_time' | 'takedown'>;

/** Since when the file is down, and each complaint keeping it down: who and why. */
function TakedownLines({ file }: { file: DmcaOfFile }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (
    <>
      <div>{t('adminContent.files.dmca.since', { date: format.dateTime(file.taken_down_time) })}</div>
      {file.takedown?.complaints.map((c) => (
        <div key={c.complaint_id} data-testid="file-takedown-reason">
          {t('adminContent.files.dmca.complaint', {
            holder: c.copyright_holder,
            date: format.date(c.received_time),
            reason: c.reason,
          })}
          {c.counter_notice &&
            ` · ${t('adminContent.files.dmca.counter', {
              state: t(`adminContent.dmca.counter.status.${c.counter_notice.status}`),
            })}`}
        </div>
      ))}
    </>
  );
}

/**
 * The DMCA state of a file: its open complaints and, once taken down, since when and why (on
 * hover in the list; written out when `detailed`, in the file's details).
 */
export function FileDmcaCell({ file, detailed = false }: { file: DmcaOfFile; detailed?: boolean }) {
  const { t } = useTranslation();
  if (file.dmca_open === 0 && !file.taken_down_time) return <span aria-hidden>–</span>;
  const tag = file.taken_down_time && (
    <Tag color="red" data-testid="file-taken-down">
      {t('adminContent.files.dmca.takenDown')}
    </Tag>
  );
  return (
    <Space size={4} wrap>
      {file.dmca_open > 0 && (
        <Tooltip title={t('adminContent.files.dmca.openCount', { count: file.dmca_open })}>
          <Badge count={file.dmca_open} data-testid="file-dmca-open" />
        </Tooltip>
      )}
      {tag && !detailed && <Tooltip title={<TakedownLines file={file} />}>{tag}</Tooltip>}
      {tag && detailed && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
          {tag}
          <TakedownLines file={file} />
        </Typography.Text>
      )}
    </Space>
  );
}
