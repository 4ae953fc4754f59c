import type { SearchFilter } from '@rl/contract';
import { ASSET_CLASSES, COUNTRIES, REPORT_LANGUAGES } from '@rl/contract/constants';
import { Button, Checkbox, Drawer, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryScope } from '../../../../api/query-scope';
import { SaveSearchButton } from '../../../../components/follow/save-search-button';
import { assetClassLabel, countryLabel, reportLanguageLabel } from '../../../../locale/catalogue-labels';
import {
  activeFilterCount,
  issuersOf,
  joinIssuers,
  resetFilters,
  withoutEmpty,
  type SearchCriteria,
} from '../../../../stores/search-criteria';
import { AuthorFilter } from './author-filter';
import { CompanyFilter } from './company-filter';
import { DateRangeFilter } from './date-range-filter';
import { FilterField } from './filter-field';
import './filters.css';
import { IssuerFilter } from './issuer-filter';
import { PageCountFilter } from './page-count-filter';
import { ResearchFilters } from './research-filters';
import { TagsFilter } from './tags-filter';
import type { CriteriaChange } from '../use-search-url';

interface FilterPanelProps {
  criteria: SearchCriteria;
  onChange(change: CriteriaChange): void;
  /** The panel's own heading; off where a container already titles it (the drawer). */
  titled?: boolean;
}

/** Every filter of the search (SPEC.md section 2); each change applies at once. */
export function FilterPanel(props: FilterPanelProps) {
  return (
    <QueryScope>
      <FilterPanelContent {...props} />
    </QueryScope>
  );
}

function FilterPanelContent({ criteria, onChange, titled = true }: FilterPanelProps) {
  const { t } = useTranslation();
  const { filter } = criteria;
  const patch = (changes: Partial<SearchFilter>) =>
    onChange((current) => ({ ...current, filter: withoutEmpty({ ...current.filter, ...changes }) }));
  const count = activeFilterCount(criteria);
  const keyword = criteria.keyword.trim();
  const savedFilter = withoutEmpty(filter);

  return (
    <div className="rl-filters" data-testid="filter-panel">
      <div className="rl-filters__header">
        {titled && <h2 className="rl-filters__title">{t('search.filters.title')}</h2>}
        <Button
          type="link"
          size="small"
          disabled={count === 0}
          onClick={() => onChange(resetFilters)}
          data-testid="filters-reset"
        >
          {t('search.filters.reset')}
        </Button>
      </div>
      <div className="rl-filters__save">
        <SaveSearchButton
          search={{ keyword, filter: savedFilter }}
          disabled={!keyword && Object.keys(savedFilter).length === 0}
        />
      </div>
      <div className="rl-filters__form">
        <div className="rl-filters__switch-row">
          <label htmlFor="filter-title-only">{t('search.filter.titleOnly')}</label>
          <Switch
            id="filter-title-only"
            size="small"
            checked={criteria.titleOnly}
            onChange={(titleOnly) => onChange((current) => ({ ...current, titleOnly }))}
            data-testid="filter-title-only"
          />
        </div>
        <FilterField label={t('search.filter.dateRange')} htmlFor="filter-date-from">
          <DateRangeFilter from={filter.from_date} to={filter.to_date} onChange={patch} />
        </FilterField>
        <FilterField label={t('search.filter.language')}>
          <Checkbox.Group
            value={filter.language ?? []}
            options={REPORT_LANGUAGES.map((language) => ({
              value: language,
              label: reportLanguageLabel(t, language),
            }))}
            onChange={(language) => patch({ language: language.length ? language : undefined })}
            data-testid="filter-language"
          />
        </FilterField>
        <FilterField label={t('search.filter.assetClass')} htmlFor="filter-asset-class">
          <Select
            id="filter-asset-class"
            allowClear
            value={filter.asset_class}
            placeholder={t('search.filter.any')}
            options={ASSET_CLASSES.map((value) => ({ value, label: assetClassLabel(t, value) }))}
            onChange={(asset_class) => patch({ asset_class })}
            className="rl-filters__control"
            data-testid="filter-asset-class"
          />
        </FilterField>
        <FilterField label={t('search.filter.country')} htmlFor="filter-country">
          <Select
            id="filter-country"
            allowClear
            value={filter.country}
            placeholder={t('search.filter.any')}
            options={COUNTRIES.map((value) => ({ value, label: countryLabel(t, value) }))}
            onChange={(country) => patch({ country })}
            className="rl-filters__control"
            data-testid="filter-country"
          />
        </FilterField>
        <FilterField label={t('researchSearch.filter.company')} htmlFor="filter-company">
          <CompanyFilter value={filter.ticker} onChange={(ticker) => patch({ ticker })} />
        </FilterField>
        <ResearchFilters criteria={criteria} patch={patch} />
        <FilterField label={t('search.filter.issuer')} htmlFor="filter-issuer">
          <IssuerFilter
            value={issuersOf(filter)}
            onChange={(names) => patch({ issuer: joinIssuers(names) })}
          />
        </FilterField>
        <FilterField label={t('researchSearch.filter.analyst')} htmlFor="filter-author">
          <AuthorFilter value={filter.author} onChange={(author) => patch({ author })} />
        </FilterField>
        <FilterField label={t('search.filter.tags')} htmlFor="filter-tags">
          <TagsFilter
            value={filter.tags ?? []}
            onChange={(tags) => patch({ tags: tags.length ? tags : undefined })}
          />
        </FilterField>
        <FilterField label={t('search.filter.pages')} htmlFor="filter-pages-min">
          <PageCountFilter min={filter.min_page} max={filter.max_page} onChange={patch} />
        </FilterField>
      </div>
    </div>
  );
}

interface FilterDrawerProps extends FilterPanelProps {
  open: boolean;
  onClose(): void;
}

/** The filters in a drawer, for when a report takes the room of the filter column. */
export function FilterDrawer({ open, onClose, ...panel }: FilterDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('search.filters.title')}
      placement="left"
      size={320}
      open={open}
      onClose={onClose}
      styles={{ body: { padding: 0 } }}
      data-testid="filter-drawer"
    >
      {/* The drawer's title names it already: a second heading read "筛选" twice on phones. */}
      <FilterPanel {...panel} titled={false} />
    </Drawer>
  );
}
