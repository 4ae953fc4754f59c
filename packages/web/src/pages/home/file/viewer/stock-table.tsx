import type { StockInformation } from '@rl/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** Companies the report covers, with rating and target price. */
export function StockTable({ stocks }: { stocks: StockInformation[] }) {
  const { t } = useTranslation();
  const dash = t('common.notAvailable');
  const show = (value: string | null) => value || dash;
  return (
    <div className="rl-viewer__stocks">
      <div className="rl-viewer__section-title">{t('viewer.details.stocks')}</div>
      <Table<StockInformation & { key: number }>
        size="small"
        pagination={false}
        dataSource={stocks.map((stock, index) => ({ ...stock, key: index }))}
        columns={[
          { key: 'ticker', title: t('viewer.details.stock.ticker'), dataIndex: 'ticker', render: show },
          {
            key: 'company',
            title: t('viewer.details.stock.company'),
            dataIndex: 'company_name',
            render: show,
          },
          { key: 'rating', title: t('viewer.details.stock.rating'), dataIndex: 'rating', render: show },
          {
            key: 'target',
            title: t('viewer.details.stock.targetPrice'),
            dataIndex: 'target_price',
            render: show,
          },
        ]}
      />
    </div>
  );
}
