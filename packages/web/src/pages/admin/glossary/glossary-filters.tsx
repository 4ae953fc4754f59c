import { GLOSSARY_DOMAINS, GLOSSARY_ORIGINS } from '@rl/contract';
import { Button, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';
import { useGlossaryLabels } from './glossary-labels';

export const GLOSSARY_FILTER_KEYS = ['keyword', 'domain', 'origin'] as const;
export type GlossaryFilterKey = (typeof GLOSSARY_FILTER_KEYS)[number];

interface GlossaryFiltersProps {
  filters: Partial<Record<GlossaryFilterKey, string>>;
  onChange(patch: Partial<Record<GlossaryFilterKey, string | undefined>>): void;
  onReset(): void;
  /** Terms in use (removed ones not counted), once the list has answered. */
  activeTerms: number | undefined;
}

/** Keyword (any form, either language), domain and origin filters, and the count of terms in use. */
export function GlossaryFilters({ filters, onChange, onReset, activeTerms }: GlossaryFiltersProps) {
  const { t } = useTranslation();
  const labels = useGlossaryLabels();
  const format = useAdminFormat();
  return (
    <>
      <Input.Search
        key={`keyword:${filters.keyword ?? ''}`}
        defaultValue={filters.keyword}
        placeholder={t('admin.glossary.filter.keyword')}
        aria-label={t('admin.glossary.filter.keyword')}
        allowClear
        className="rl-admin-glossary__search"
        onSearch={(value) => onChange({ keyword: value.trim() })}
      />
      <Select
        value={filters.domain}
        id="admin-glossary-domain"
        placeholder={t('admin.glossary.filter.domain')}
        aria-label={t('admin.glossary.filter.domain')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className="rl-admin-glossary__select"
        onChange={(value?: string) => onChange({ domain: value })}
        options={GLOSSARY_DOMAINS.map((domain) => ({ value: domain, label: labels.domain(domain) }))}
      />
      <Select
        value={filters.origin}
        id="admin-glossary-origin"
        placeholder={t('admin.glossary.filter.origin')}
        aria-label={t('admin.glossary.filter.origin')}
        allowClear
        className="rl-admin-glossary__select"
        onChange={(value?: string) => onChange({ origin: value })}
        options={GLOSSARY_ORIGINS.map((origin) => ({ value: origin, label: labels.origin(origin) }))}
      />
      <Button onClick={onReset}>{t('admin.table.resetFilters')}</Button>
      {activeTerms !== undefined && (
        <Typography.Text type="secondary" data-testid="glossary-active-terms">
          {t('admin.glossary.activeTerms', { number: format.number(activeTerms) })}
        </Typography.Text>
      )}
    </>
  );
}
