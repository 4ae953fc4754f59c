import { CheckOutlined, DownOutlined } from '@ant-design/icons';
import { SORTINGS, type Sorting } from '@rl/contract/constants';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../utils/format';

interface ResultsHeaderProps {
  total: number | null;
  keyword: string;
  sorting: Sorting;
  onSortingChange(sorting: Sorting): void;
  /** Said after the count (what is left of the search quota). */
  aside?: ReactNode;
}

/** The number of results and the sorting. Relevance needs a keyword. */
export function ResultsHeader({ total, keyword, sorting, onSortingChange, aside }: ResultsHeaderProps) {
  const { t } = useTranslation();
  const hasKeyword = keyword.trim() !== '';
  const labelOf = (value: Sorting) =>
    value === 'relevance' && !hasKeyword
      ? t('search.sort.relevance.needsKeyword')
      : t(`search.sort.${value}`);
  return (
    <div className="rl-results-header">
      <div className="rl-results-header__count" aria-live="polite" data-testid="results-count">
        {total !== null && (
          <>
            <strong>{t('search.results.count', { count: total, total: formatNumber(total) })}</strong>
            {hasKeyword && (
              <span className="rl-results-header__keyword">
                {' '}
                {t('search.results.forKeyword', { keyword })}
              </span>
            )}
          </>
        )}
        {aside && <span className="rl-results-header__aside">{aside}</span>}
      </div>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          selectable: true,
          selectedKeys: [sorting],
          items: SORTINGS.map((value) => ({
            key: value,
            label: labelOf(value),
            disabled: value === 'relevance' && !hasKeyword,
            icon: <CheckOutlined style={{ visibility: value === sorting ? 'visible' : 'hidden' }} />,
          })),
          onClick: ({ key }) => onSortingChange(key as Sorting),
        }}
      >
        <Button size="small" type="text" data-testid="sort-select">
          <span className="rl-results-header__sort-label">{t('search.sort.label')}:</span>{' '}
          {t(`search.sort.${sorting}`)}
          <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
