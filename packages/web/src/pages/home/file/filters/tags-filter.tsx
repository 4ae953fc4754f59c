import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { researchApi, researchKeys } from '../../../../api/research-api';
import { useDebouncedValue } from '../../../../utils/use-debounced-value';
import { OptionLabel } from './option-label';

interface TagsFilterProps {
  value: string[];
  onChange(tags: string[]): void;
}

/** Tags to require, suggested by prefix from the server. */
export function TagsFilter({ value, onChange }: TagsFilterProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const prefix = useDebouncedValue(input.trim(), 200);
  const { data, isFetching } = useQuery({
    queryKey: researchKeys.tags(prefix),
    queryFn: ({ signal }) => researchApi.tags(prefix, 20, { signal, hideErrorMessage: true }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const options = (data?.tags ?? []).map((entry) => ({
    value: entry.tag,
    label: <OptionLabel name={entry.tag} count={entry.file_count} />,
  }));

  return (
    <Select
      id="filter-tags"
      mode="multiple"
      allowClear
      value={value}
      options={options}
      loading={isFetching}
      placeholder={t('search.filter.tags.placeholder')}
      showSearch={{ filterOption: false, onSearch: setInput, searchValue: input, autoClearSearchValue: true }}
      onChange={(tags: string[]) => {
        setInput('');
        onChange(tags.slice(0, 20));
      }}
      optionLabelProp="value"
      maxTagCount="responsive"
      popupMatchSelectWidth={260}
      className="rl-filters__control"
      data-testid="filter-tags"
    />
  );
}
