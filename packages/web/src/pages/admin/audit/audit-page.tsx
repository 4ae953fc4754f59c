import { AUDIT_ACTIONS, type AuditListRequest, type AuditRecord } from '@rl/contract';
import { Button, Flex, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { auditApi, auditKeys } from '../../../api/admin/audit-api';
import { useAdminFormat } from '../shared/admin-format';
import { RefreshIcon } from '../shared/admin-icons';
import { AdminPage } from '../shared/admin-page';
import { ExpandColumnTitle } from '../shared/expand-column-title';
import { useAdminTable } from '../shared/use-admin-table';
import { Link } from 'react-router';
import { fileDetailsPath } from '../files/file-details-path';
import { auditChanges, COMPANIES_KEY, type AuditChange } from './audit-diff';
import { useAuditWords } from './audit-words';
import './audit-page.css';

const FILTERS = ['action', 'target_id'] as const;
/** Changed keys shown in the row; the rest are behind "more". */
const SHOWN_CHANGES = 3;

/** An action's label; one the interface does not know shows as it is. */
function useActionLabel() {
  const { t, i18n } = useTranslation();
  return (action: string) => {
    const key = `admin.audit.action.${action}`;
    return i18n.exists(key) ? t(key as 'admin.audit.action.user.edit') : action;
  };
}

/** A change's label: the key, after the company it belongs to ("ADBE Rating"). */
function useChangeLabel() {
  const words = useAuditWords();
  return (change: AuditChange) =>
    change.subject === undefined
      ? words.key(change.key)
      : change.key === COMPANIES_KEY
        ? change.subject
        : `${change.subject} ${words.key(change.key)}`;
}

/** "Field: before → after", one line per changed key; beyond `shown`, a count of the rest. */
export function AuditDiff({ record, shown = SHOWN_CHANGES }: { record: AuditRecord; shown?: number }) {
  const { t } = useTranslation();
  const words = useAuditWords();
  const label = useChangeLabel();
  const changes = auditChanges(record.before, record.after);
  if (changes.length === 0)
    return <Typography.Text type="secondary">{t('admin.audit.noChange')}</Typography.Text>;
  return (
    <ul className="rl-admin-audit__diff" data-testid="audit-diff">
      {changes.slice(0, shown).map((change) => (
        <li key={`${change.subject ?? ''}/${change.key}`} data-testid="audit-change">
          <Typography.Text strong title={change.key}>
            {label(change)}
          </Typography.Text>
          {t('admin.audit.keySeparator')}
          <Typography.Text delete type="secondary">
            {words.value(record.target_type, change.key, change.before)}
          </Typography.Text>
          {' → '}
          <Typography.Text>{words.value(record.target_type, change.key, change.after)}</Typography.Text>
        </li>
      ))}
      {changes.length > shown && (
        <li className="rl-admin-audit__more">
          {t('admin.audit.moreChanges', { count: changes.length - shown })}
        </li>
      )}
    </ul>
  );
}

/** The expanded row: every change in words, and the record as stored behind a toggle. */
export function AuditDetails({ record }: { record: AuditRecord }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid="audit-details">
      <AuditDiff record={record} shown={Infinity} />
      <details>
        <summary>{t('admin.audit.stored')}</summary>
        <Flex gap={16} wrap className="rl-admin-audit__json" data-testid="audit-json">
          {(['before', 'after'] as const).map((side) => (
            <div key={side} className="rl-admin-audit__json-side">
              <Typography.Text strong>{t(`admin.audit.${side}`)}</Typography.Text>
              <pre className="rl-admin-json">{JSON.stringify(record[side], null, 2)}</pre>
            </div>
          ))}
        </Flex>
      </details>
    </Flex>
  );
}

/** Who acted: their name (their id on hover) and the capacity they acted in. */
function AuditActor({ record }: { record: AuditRecord }) {
  const { t } = useTranslation();
  return (
    <Flex gap={6} align="center" wrap={false}>
      <span title={record.admin_id}>{record.admin_username}</span>
      <Tag color={record.actor_role === 'admin' ? 'geekblue' : 'default'} data-testid="audit-actor-role">
        {t(`admin.audit.actor.${record.actor_role}`)}
      </Tag>
    </Flex>
  );
}

/**
 * What an entry is about: a report by its title, linked to its details (its id on hover), or
 * said to be deleted; anything else by its type, in words, and its id.
 */
function AuditTarget({ record }: { record: AuditRecord }) {
  const { t, i18n } = useTranslation();
  const typeKey = `admin.audit.target.${record.target_type}`;
  const type = i18n.exists(typeKey) ? t(typeKey as 'admin.audit.target.file') : record.target_type;
  const report = record.report;
  return (
    <Flex vertical className="rl-admin-audit__target-cell">
      <Typography.Text type="secondary">{type}</Typography.Text>
      {report && !report.deleted ? (
        <Link to={fileDetailsPath(report.id)} title={report.id} data-testid="audit-target-report">
          {report.title || report.id}
        </Link>
      ) : report ? (
        <Typography.Text title={report.id} data-testid="audit-target-deleted">
          {report.title ? `${report.title} ` : ''}
          <Typography.Text type="secondary">{t('admin.audit.reportDeleted')}</Typography.Text>
        </Typography.Text>
      ) : null}
      {(!report || record.target_type !== 'file') && (
        <Typography.Text copyable className="rl-admin-audit__target">
          {record.target_id}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** `/admin/audit`: every recorded admin action, newest first, filtered by action and target id. */
export function AuditPage() {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('admin.menu.audit'));
  const format = useAdminFormat();
  const actionLabel = useActionLabel();
  const table = useAdminTable({
    queryKeys: auditKeys,
    filterKeys: FILTERS,
    fetchPage: (request, signal) => auditApi.list(request as AuditListRequest, { signal }),
    rowsOf: (answer) => answer.items,
    rowKey: 'id',
  });

  const columns: TableColumnsType<AuditRecord> = [
    {
      key: 'time',
      title: t('admin.audit.column.time'),
      dataIndex: 'created_time',
      width: 170,
      render: (value: string) => format.dateTime(value),
    },
    {
      key: 'admin',
      title: t('admin.audit.column.actor'),
      render: (_, record) => <AuditActor record={record} />,
    },
    {
      key: 'action',
      title: t('admin.audit.column.action'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag color={action.endsWith('delete') ? 'red' : 'blue'}>{actionLabel(action)}</Tag>
      ),
    },
    {
      key: 'target',
      title: t('admin.audit.column.target'),
      render: (_, record) => <AuditTarget record={record} />,
    },
    {
      key: 'changes',
      title: t('admin.audit.column.changes'),
      render: (_, record) => <AuditDiff record={record} />,
    },
  ];

  return (
    <AdminPage
      title={t('admin.menu.audit')}
      extra={
        <Button icon={<RefreshIcon />} onClick={() => void table.refresh()}>
          {t('admin.table.refresh')}
        </Button>
      }
      toolbar={
        <>
          <Select
            value={table.filters.action ?? ''}
            onChange={(value: string) => table.setFilters({ action: value })}
            options={[
              { value: '', label: t('admin.audit.filter.allActions') },
              ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) })),
            ]}
            className="rl-admin-audit__select"
            aria-label={t('admin.audit.column.action')}
            data-testid="audit-action-filter"
          />
          <Input.Search
            key={table.filters.target_id ?? ''}
            defaultValue={table.filters.target_id}
            placeholder={t('admin.audit.filter.targetId')}
            allowClear
            enterButton
            onSearch={(value) => table.setFilters({ target_id: value.trim() })}
            className="rl-admin-audit__search"
            data-testid="audit-target-filter"
          />
          <Button onClick={table.resetFilters}>{t('admin.table.resetFilters')}</Button>
        </>
      }
      testId="admin-audit-page"
    >
      <Table<AuditRecord>
        ref={tableRef}
        {...table.tableProps}
        columns={columns}
        size="middle"
        scroll={{ x: 'max-content' }}
        expandable={{
          columnTitle: <ExpandColumnTitle />,
          expandedRowRender: (record) => <AuditDetails record={record} />,
        }}
      />
    </AdminPage>
  );
}
