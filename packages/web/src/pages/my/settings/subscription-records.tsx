import type { SubscriptionRecord } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi, accountKeys } from '../../../api/account-api';
import { useFormatters } from '../../../utils/use-formatters';

/** Whole months from the purchase to the end of the plan (null: no end). */
export function monthsBought(
  record: Pick<SubscriptionRecord, 'purchase_time' | 'expire_time'>,
): number | null {
  if (!record.expire_time) return null;
  const from = new Date(record.purchase_time);
  const to = new Date(record.expire_time);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  return Math.max(1, months);
}

/**
 * The user's plan purchases: the item in the interface language (plan and months, from the
 * record's plan and dates, not the stored English name), the amount paid, the purchase date.
 */
export function SubscriptionRecords() {
  const { t } = useTranslation();
  const format = useFormatters();
  const itemName = (record: SubscriptionRecord) => {
    const plan = t(`plan.name.${record.plan}`);
    const months = monthsBought(record);
    return months === null ? plan : t('account.records.itemName', { plan, count: months });
  };
  const { data, isPending } = useQuery({
    queryKey: accountKeys.subscriptions,
    queryFn: ({ signal }) => accountApi.subscriptions({ signal }),
  });
  const columns: TableProps<SubscriptionRecord>['columns'] = [
    {
      key: 'item',
      title: t('account.records.item'),
      render: (_, record) => <span title={record.item_name}>{itemName(record)}</span>,
    },
    {
      key: 'price',
      title: t('account.records.price'),
      // What was paid for the whole period, not a monthly price.
      render: (_, record) => t('account.records.paid', { price: format.number(record.price_cny) }),
    },
    {
      key: 'time',
      title: t('account.records.purchaseTime'),
      render: (_, record) => format.date(record.purchase_time),
    },
  ];
  return (
    <Card title={t('account.section.records')} data-testid="subscription-records">
      <Table<SubscriptionRecord>
        rowKey="id"
        size="small"
        pagination={false}
        loading={isPending}
        columns={columns}
        dataSource={data?.records ?? []}
        locale={{ emptyText: t('account.records.empty') }}
      />
    </Card>
  );
}
