import type { IssuerItem } from '@rl/contract';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../home/file/filters/date-range-filter';

export interface StarsFilter {
  issuer?: string;
  from_date?: string;
  to_date?: string;
}

interface StarsFiltersProps {
  filter: StarsFilter;
  /** The issuers of all my starred reports. */
  issuers: IssuerItem[];
  onChange(filter: StarsFilter): void;
}

export const hasStarsFilter = (filter: StarsFilter) =>
  Boolean(filter.issuer || filter.from_date || filter.to_date);

/** Narrows my stars to one issuer and a publish-date range. */
export function StarsFilters({ filter, issuers, onChange }: StarsFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="rl-stars-filters" data-testid="stars-filters">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={filter.issuer}
        placeholder={t('library.stars.allIssuers')}
        aria-label={t('library.stars.issuer')}
        options={issuers.map((issuer) => ({
          value: issuer.name,
          label: t('library.stars.issuerOption', { name: issuer.name, count: issuer.file_count }),
        }))}
        onChange={(issuer: string | undefined) => onChange({ ...filter, issuer })}
        className="rl-stars-filters__issuer"
        data-testid="stars-issuer-filter"
      />
      <DateRangeFilter
        from={filter.from_date}
        to={filter.to_date}
        onChange={(range) => onChange({ ...filter, ...range })}
        idPrefix="stars-date"
        className="rl-stars-filters__dates"
        testId="stars-date-filter"
      />
      {hasStarsFilter(filter) && (
        <Button type="link" onClick={() => onChange({})} data-testid="stars-filters-reset">
          {t('search.filters.reset')}
        </Button>
      )}
    </div>
  );
}
