import type { ContactMessage } from '@rl/contract';
import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';
import { useMessageHandled } from './use-message-handled';

/** Mark handled / unhandled: one button that says what it will do. */
function HandledToggle({ message }: { message: ContactMessage }) {
  const { t } = useTranslation();
  const toggle = useMessageHandled();
  return (
    <Button
      size="small"
      type={message.handled ? 'default' : 'primary'}
      loading={toggle.isPending}
      onClick={() => toggle.mutate({ id: message.id, handled: !message.handled })}
      data-testid="message-toggle"
    >
      {t(message.handled ? 'adminContent.messages.markUnhandled' : 'adminContent.messages.markHandled')}
    </Button>
  );
}

/** The messages table's columns. */
export function useMessageColumns(): TableColumnsType<ContactMessage> {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return [
    {
      key: 'time',
      title: t('adminContent.messages.column.time'),
      width: 170,
      render: (_, message) => format.dateTime(message.created_time),
    },
    {
      key: 'subject',
      title: t('adminContent.messages.column.subject'),
      ellipsis: true,
      dataIndex: 'subject',
    },
    {
      key: 'sender',
      title: t('adminContent.messages.column.sender'),
      width: 240,
      render: (_, message) => (
        <>
          <Typography.Text ellipsis style={{ display: 'block' }}>
            {message.email}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {message.username ?? t('adminContent.messages.visitor')}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'status',
      title: t('adminContent.messages.column.status'),
      width: 120,
      render: (_, message) =>
        message.handled ? (
          <Tag color="success" data-testid="message-status">
            {t('adminContent.messages.status.handled')}
          </Tag>
        ) : (
          <Tag color="warning" data-testid="message-status">
            {t('adminContent.messages.status.unhandled')}
          </Tag>
        ),
    },
    {
      key: 'actions',
      title: t('admin.table.actions'),
      width: 160,
      render: (_, message) => <HandledToggle message={message} />,
    },
  ];
}
