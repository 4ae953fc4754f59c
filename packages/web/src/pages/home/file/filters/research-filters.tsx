import type { FacetsRequest, SearchFacets, SearchFilter } from '@rl/contract';
import { REPORT_TYPES } from '@rl/contract/constants';
import { RATING_ACTIONS, RATING_STEPS, SECTOR_IDS } from '@rl/contract/research-vocabulary';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { researchApi, researchKeys } from '../../../../api/research-api';
import { reportTypeLabel } from '../../../../locale/catalogue-labels';
import { actionLabel, ratingLabel, sectorLabel } from '../../../../locale/research-labels';
import type { SearchCriteria } from '../../../../stores/search-criteria';
import { useDebouncedValue } from '../../../../utils/use-debounced-value';
import { FilterField } from './filter-field';
import { OptionLabel } from './option-label';

type FacetField = keyof SearchFacets & keyof SearchFilter;

interface ResearchFiltersProps {
  criteria: SearchCriteria;
  patch(changes: Partial<SearchFilter>): void;
}

/** Report type, rating, rating action and sector, each value with its count in the current search. */
export function ResearchFilters({ criteria, patch }: ResearchFiltersProps) {
  const { t } = useTranslation();
  // Debounced as text: a fresh object each render would restart the timer for ever.
  const requestText = useDebouncedValue(
    JSON.stringify({
      keyword: criteria.keyword.trim(),
      filter: criteria.filter,
      title_only: criteria.titleOnly,
      ...(criteria.oneLanguage ? { one_language: true } : {}),
    }),
    300,
  );
  const request = useMemo(() => JSON.parse(requestText) as FacetsRequest, [requestText]);
  const { data } = useQuery({
    queryKey: researchKeys.facets(requestText),
    queryFn: ({ signal }) => researchApi.facets(request, { signal, hideErrorMessage: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const fields: {
    field: FacetField;
    label: string;
    values: readonly string[];
    name(value: string): string;
  }[] = [
    {
      field: 'report_type',
      label: t('researchSearch.filter.reportType'),
      values: REPORT_TYPES,
      name: (v) => reportTypeLabel(t, v) ?? v,
    },
    {
      field: 'rating',
      label: t('researchSearch.filter.rating'),
      values: RATING_STEPS,
      name: (v) => ratingLabel(t, v as (typeof RATING_STEPS)[number]),
    },
    {
      field: 'rating_action',
      label: t('researchSearch.filter.ratingAction'),
      values: RATING_ACTIONS,
      name: (v) => actionLabel(t, v as (typeof RATING_ACTIONS)[number]),
    },
    {
      field: 'sector',
      label: t('researchSearch.filter.sector'),
      values: SECTOR_IDS,
      name: (v) => sectorLabel(t, v as (typeof SECTOR_IDS)[number]),
    },
  ];
  return (
    <>
      {fields.map(({ field, label, values, name }) => {
        const selected = (criteria.filter[field] ?? []) as string[];
        const counts = new Map((data?.[field] ?? []).map((entry) => [entry.value, entry.count]));
        // Values no match carries are greyed (they would empty the list), unless chosen already.
        const options = values.map((value) => {
          const count = counts.get(value) ?? 0;
          return {
            value,
            label: data ? <OptionLabel name={name(value)} count={count} /> : name(value),
            title: name(value),
            disabled: Boolean(data) && count === 0 && !selected.includes(value),
          };
        });
        const id = `filter-${field.replace('_', '-')}`;
        return (
          <FilterField key={field} label={label} htmlFor={id}>
            <Select
              id={id}
              mode="multiple"
              allowClear
              value={selected}
              options={options}
              optionLabelProp="title"
              placeholder={t('search.filter.any')}
              maxTagCount="responsive"
              popupMatchSelectWidth={260}
              onChange={(chosen: string[]) => patch({ [field]: chosen.length ? chosen : undefined })}
              className="rl-filters__control"
              data-testid={id}
            />
          </FilterField>
        );
      })}
    </>
  );
}
