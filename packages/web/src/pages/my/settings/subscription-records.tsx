import type { SubscriptionRecord } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api/user-api';
import { useFormatters } from '../../../utils/use-formatters';

/** The user's plan purchases: item name, price, purchase time. */
export function SubscriptionRecords() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, isPending } = useQuery({
    queryKey: ['user', 'subscriptions'],
    queryFn: ({ signal }) => userApi.subscriptions({ signal }),
  });
  const columns: TableProps<SubscriptionRecord>['columns'] = [
    { key: 'item', title: t('account.records.item'), dataIndex: 'item_name' },
    {
      key: 'price',
      title: t('account.records.price'),
      render: (_, record) => t('plan.price', { price: format.number(record.price_cny) }),
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
