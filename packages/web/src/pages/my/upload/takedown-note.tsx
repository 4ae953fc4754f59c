import type { CounterNoticeStatus, FileTakedown } from '@rl/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../utils/use-formatters';

const NOTICE_COLORS: Record<CounterNoticeStatus, string> = {
  received: 'blue',
  forwarded: 'gold',
  restored: 'green',
  rejected: 'red',
};

/** The state of the owner's counter-notice, with the day it last moved. */
export function CounterNoticeTag({ status, time }: { status: CounterNoticeStatus; time: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Tag color={NOTICE_COLORS[status]} data-testid="myfile-counter-state" data-status={status}>
      {t(`upload.counter.state.${status}`, { date: format.date(time) })}
    </Tag>
  );
}

/**
 * Under a taken-down upload's name: since when, who complained and why (each complaint keeping it
 * down), and where the owner's counter-notice stands.
 */
export function TakedownNote({ takedown }: { takedown: FileTakedown }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <div className="rl-myfile-takedown" data-testid="myfile-takedown">
      <Typography.Text type="danger">
        {t('upload.takedown.since', { date: format.date(takedown.taken_down_time) })}
      </Typography.Text>
      {takedown.complaints.map((c) => (
        <div key={c.complaint_id} className="rl-myfile-takedown-complaint">
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: c.reason }}
            data-testid="myfile-takedown-reason"
          >
            {t('upload.takedown.complaint', {
              holder: c.copyright_holder,
              date: format.date(c.received_time),
              reason: c.reason,
            })}
          </Typography.Text>
          {c.counter_notice && (
            <CounterNoticeTag status={c.counter_notice.status} time={c.counter_notice.updated_time} />
          )}
        </div>
      ))}
    </div>
  );
}
