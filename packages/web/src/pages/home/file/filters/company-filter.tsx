import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { researchApi, researchKeys } from '../../../../api/research-api';
import { useDebouncedValue } from '../../../../utils/use-debounced-value';
import { OptionLabel } from './option-label';

interface CompanyFilterProps {
  /** The chosen company's canonical ticker. */
  value: string | undefined;
  onChange(ticker: string | undefined): void;
}

/** One company, found by ticker or by a part of its Chinese or English name. */
export function CompanyFilter({ value, onChange }: CompanyFilterProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const text = useDebouncedValue(input.trim(), 250);
  const { data, isFetching } = useQuery({
    queryKey: researchKeys.companies(text),
    queryFn: ({ signal }) => researchApi.companies(text, 10, { signal, hideErrorMessage: true }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const options = (data?.companies ?? []).map((company) => ({
    value: company.ticker,
    label: <OptionLabel name={`${company.name} · ${company.ticker}`} count={company.report_count} />,
  }));
  if (value && !options.some((option) => option.value === value))
    options.unshift({ value, label: <>{value}</> });

  return (
    <Select
      id="filter-company"
      allowClear
      value={value}
      options={options}
      loading={isFetching}
      placeholder={t('researchSearch.filter.company.placeholder')}
      showSearch={{ filterOption: false, onSearch: setInput, searchValue: input }}
      onChange={(ticker: string | undefined) => {
        setInput('');
        onChange(ticker || undefined);
      }}
      popupMatchSelectWidth={280}
      className="rl-filters__control"
      data-testid="filter-company"
    />
  );
}
