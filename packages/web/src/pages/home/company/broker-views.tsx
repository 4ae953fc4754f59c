import type { BrokerView } from '@rl/contract';
import { Table, Tooltip, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../utils/use-formatters';
import { useViewport } from '../../../utils/use-viewport';
import { actionText, formatTarget, ratingText } from './research-text';

interface BrokerViewsProps {
  views: BrokerView[];
  /** The URL query that opens a report on this page. */
  fileSearch(fileId: string): string;
}

/** What one view says, ready to show in a row or on a card. */
function useViewText() {
  const { t } = useTranslation();
  const format = useFormatters();
  const dash = t('common.notAvailable');
  return (view: BrokerView) => ({
    rating: ratingText(t, view) ?? t('company.views.notRated'),
    action: actionText(t, view) ?? dash,
    target: view.target_price !== null ? formatTarget(view.target_price, view.currency) : dash,
    previousTarget:
      view.previous_target_price !== null
        ? t('company.views.previousTarget', {
            price: formatTarget(view.previous_target_price, view.currency),
          })
        : null,
    date: format.date(view.publish_date) ?? dash,
  });
}

/**
 * The latest view of each broker, newest first: a table, or on a phone one card per broker
 * (a six-column table does not fit 390 px).
 */
export function BrokerViews({ views, fileSearch }: BrokerViewsProps) {
  const { t } = useTranslation();
  const { phone } = useViewport();
  const textOf = useViewText();
  if (views.length === 0) {
    return <p className="rl-company__empty">{t('company.views.empty')}</p>;
  }
  // The title is cut to one line (an ellipsis in the table and on a card): the tooltip shows it whole.
  const report = (view: BrokerView) => (
    <Tooltip title={view.title} placement="topLeft">
      <Link to={{ search: fileSearch(view.file_id) }} className="rl-broker-views__report">
        {view.title}
      </Link>
    </Tooltip>
  );
  if (phone) {
    return (
      <ul className="rl-broker-cards" data-testid="broker-views">
        {views.map((view) => {
          const text = textOf(view);
          return (
            <li key={view.file_id} className="rl-broker-card" data-testid="broker-view">
              <div className="rl-broker-card__head">
                <span className="rl-broker-card__broker">{view.issuer}</span>
                <span className="rl-broker-card__date">{text.date}</span>
              </div>
              <dl className="rl-broker-card__fields">
                <dt>{t('company.views.rating')}</dt>
                <dd>{text.rating}</dd>
                <dt>{t('company.views.action')}</dt>
                <dd>{text.action}</dd>
                <dt>{t('company.views.target')}</dt>
                <dd>
                  {text.target}
                  {text.previousTarget && (
                    <span className="rl-broker-views__previous"> ({text.previousTarget})</span>
                  )}
                </dd>
              </dl>
              {report(view)}
            </li>
          );
        })}
      </ul>
    );
  }
  const columns: TableColumnsType<BrokerView> = [
    { key: 'broker', title: t('company.views.broker'), dataIndex: 'issuer' },
    { key: 'rating', title: t('company.views.rating'), render: (_, view) => textOf(view).rating },
    { key: 'action', title: t('company.views.action'), render: (_, view) => textOf(view).action },
    {
      key: 'target',
      title: t('company.views.target'),
      align: 'right',
      render: (_, view) => {
        const text = textOf(view);
        return (
          <>
            <div>{text.target}</div>
            {text.previousTarget && <div className="rl-broker-views__previous">{text.previousTarget}</div>}
          </>
        );
      },
    },
    { key: 'date', title: t('company.views.date'), render: (_, view) => textOf(view).date },
    { key: 'report', title: t('company.views.report'), render: (_, view) => report(view) },
  ];
  return (
    <div data-testid="broker-views">
      <Table<BrokerView>
        className="rl-broker-views"
        size="small"
        pagination={false}
        rowKey="file_id"
        dataSource={views}
        columns={columns}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'broker-view' }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
