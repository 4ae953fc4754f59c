import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKeys, filesApi } from '../../../../api/files-api';
import type { MessageKey } from '../../../../locale/en-US';
import { useDebouncedValue } from '../../../../utils/use-debounced-value';
import { issuerGroups, type IssuerGroup } from './issuer-options';
import { IssuerStarButton } from './issuer-star-button';
import { OptionLabel } from './option-label';

const GROUP_TITLES: Record<IssuerGroup['key'], MessageKey> = {
  followed: 'search.filter.issuer.followed',
  popular: 'search.filter.issuer.popular',
  more: 'search.filter.issuer.more',
};

interface IssuerFilterProps {
  value: string[];
  onChange(issuers: string[]): void;
}

/**
 * Issuers to include: those I follow, popular and more, searched on the server as you type. Each
 * row has a toggle that follows the issuer (it then lists under 'Followed') or stops following it.
 */
export function IssuerFilter({ value, onChange }: IssuerFilterProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), 250);
  const { data, isFetching } = useQuery({
    queryKey: fileKeys.issuersFor(query),
    queryFn: ({ signal }) => filesApi.issuers(query, { signal, hideErrorMessage: true }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const options = issuerGroups(data).map((group) => ({
    label: t(GROUP_TITLES[group.key]),
    title: t(GROUP_TITLES[group.key]),
    options: group.issuers.map((issuer) => ({
      value: issuer.name,
      label: (
        <OptionLabel
          name={issuer.name}
          count={issuer.file_count}
          leading={<IssuerStarButton name={issuer.name} />}
        />
      ),
    })),
  }));

  return (
    <Select
      id="filter-issuer"
      mode="multiple"
      allowClear
      value={value}
      options={options}
      loading={isFetching}
      placeholder={t('search.filter.issuer.placeholder')}
      showSearch={{ filterOption: false, onSearch: setInput, searchValue: input, autoClearSearchValue: true }}
      onChange={(issuers: string[]) => {
        setInput('');
        onChange(issuers);
      }}
      optionLabelProp="value"
      maxTagCount="responsive"
      popupMatchSelectWidth={300}
      // A short list: every row and group heading stays in the page (a virtual list drops the
      // heading scrolled out of view, and with it what a screen reader says of the rows).
      virtual={false}
      className="rl-filters__control"
      data-testid="filter-issuer"
    />
  );
}
