import {
  COUNTER_NOTICE_OPEN_STATUSES,
  type CounterNotice,
  type CounterNoticeAction,
  type CounterNoticeStatus,
} from '@rl/contract';
import { Button, Card, Descriptions, Space, Tag, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';
import { useConfirmAction } from '../shared/confirm-action';

const COLORS: Record<CounterNoticeStatus, string> = {
  received: 'blue',
  forwarded: 'gold',
  restored: 'green',
  rejected: 'default',
};

export const isOpenCounterNotice = (notice: CounterNotice | null): boolean =>
  notice !== null && (COUNTER_NOTICE_OPEN_STATUSES as readonly CounterNoticeStatus[]).includes(notice.status);

export function CounterNoticeStatusTag({ status }: { status: CounterNoticeStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="counter-status" data-status={status}>
      {t(`adminContent.dmca.counter.status.${status}`)}
    </Tag>
  );
}

interface ComplaintCounterNoticeProps {
  notice: CounterNotice;
  /** The reported file's name, for the confirmations. */
  fileName: string;
  busy: boolean;
  onAction(action: CounterNoticeAction): void;
}

const ACTIONS: {
  action: CounterNoticeAction;
  from: CounterNoticeStatus[];
  danger?: boolean;
  primary?: boolean;
}[] = [
  { action: 'forward', from: ['received'] },
  { action: 'restore', from: ['received', 'forwarded'], primary: true },
  { action: 'reject', from: ['received', 'forwarded'], danger: true },
];

/**
 * The uploader's counter-notice: what they stated, its state, and the administrator's decisions,
 * each confirmed first (forward it to the complainant; restore the file; reject it).
 */
export function ComplaintCounterNotice({ notice, fileName, busy, onAction }: ComplaintCounterNoticeProps) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const confirmAction = useConfirmAction();
  const decide = async (action: CounterNoticeAction, danger: boolean) => {
    const confirmed = await confirmAction({
      title: t(`adminContent.dmca.counter.${action}.title`),
      content: t(`adminContent.dmca.counter.${action}.body`, { name: fileName, email: notice.email }),
      okText: t(`adminContent.dmca.counter.action.${action}`),
      danger,
    });
    if (confirmed) onAction(action);
  };
  const items: DescriptionsProps['items'] = [
    {
      key: 'status',
      label: t('adminContent.dmca.field.status'),
      children: <CounterNoticeStatusTag status={notice.status} />,
    },
    {
      key: 'received',
      label: t('adminContent.dmca.field.received'),
      children: format.dateTime(notice.created_time),
    },
    {
      key: 'user',
      label: t('adminContent.dmca.counter.field.user'),
      children: notice.username ?? notice.user_id,
    },
    { key: 'handledBy', label: t('adminContent.dmca.field.handledBy'), children: notice.handled_by ?? '–' },
    { key: 'name', label: t('adminContent.dmca.counter.field.full_name'), children: notice.full_name },
    { key: 'email', label: t('adminContent.dmca.field.email'), children: notice.email },
    { key: 'phone', label: t('adminContent.dmca.field.phone'), children: notice.phone },
    { key: 'country', label: t('adminContent.dmca.field.country'), children: notice.country },
    {
      key: 'address',
      label: t('adminContent.dmca.field.address'),
      children: `${notice.address}, ${notice.city} ${notice.zip_code}`,
      span: 2,
    },
    {
      key: 'statement',
      label: t('adminContent.dmca.counter.field.statement'),
      span: 2,
      children: (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {notice.statement}
        </Typography.Paragraph>
      ),
    },
    { key: 'signature', label: t('adminContent.dmca.field.signature'), children: notice.signature, span: 2 },
  ];
  return (
    <Card size="small" title={t('adminContent.dmca.counter.title')} data-testid="dmca-counter-notice">
      <Typography.Paragraph type="secondary">{t('adminContent.dmca.counter.help')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        {ACTIONS.filter((a) => a.from.includes(notice.status)).map((a) => (
          <Button
            key={a.action}
            type={a.primary ? 'primary' : 'default'}
            danger={a.danger}
            disabled={busy}
            onClick={() => void decide(a.action, a.danger === true)}
            data-testid={`counter-${a.action}`}
          >
            {t(`adminContent.dmca.counter.action.${a.action}`)}
          </Button>
        ))}
      </Space>
      <Descriptions bordered size="small" column={2} items={items} />
    </Card>
  );
}
