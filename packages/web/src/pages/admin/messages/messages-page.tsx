import type { ContactMessage, MessageListResponse } from '@rl/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { AdminPage } from '../shared/admin-page';
import { ExpandColumnTitle } from '../shared/expand-column-title';
import { useAdminTable } from '../shared/use-admin-table';
import { MessageText } from './message-text';
import { messageKeys, messagesApi } from '../../../api/admin/messages-api';
import { useMessageColumns } from './messages-columns';
import { MESSAGE_FILTER_KEYS, MessagesFilters, type MessageFilterKey } from './messages-filters';

/** `/admin/messages`: the contact-us messages, newest first; a row opens to its text. */
export function MessagesPage() {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('adminContent.messages.title'));
  const table = useAdminTable<ContactMessage, MessageListResponse, MessageFilterKey>({
    queryKeys: messageKeys,
    filterKeys: MESSAGE_FILTER_KEYS,
    fetchPage: ({ handled, keyword, page_id, page_length }, signal) =>
      messagesApi.list(
        { handled: handled === undefined ? undefined : handled === 'true', keyword, page_id, page_length },
        { signal },
      ),
    rowsOf: (answer) => answer.items,
    rowKey: 'id',
  });
  const columns = useMessageColumns();
  return (
    <AdminPage
      title={t('adminContent.messages.title')}
      testId="admin-messages-page"
      toolbar={
        <MessagesFilters filters={table.filters} onChange={table.setFilters} onReset={table.resetFilters} />
      }
    >
      <Table<ContactMessage>
        ref={tableRef}
        {...table.tableProps}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 900 }}
        locale={{ emptyText: t('adminContent.messages.empty') }}
        expandable={{
          columnTitle: <ExpandColumnTitle />,
          expandedRowRender: (message) => <MessageText text={message.message} />,
        }}
        onRow={(message) => ({ 'data-testid': 'message-row', 'data-handled': message.handled }) as object}
      />
    </AdminPage>
  );
}
