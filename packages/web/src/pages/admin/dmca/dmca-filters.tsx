import { DMCA_STATUSES } from '@rl/contract';
import { Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

export const DMCA_FILTER_KEYS = ['status', 'keyword'] as const;
export type DmcaFilterKey = (typeof DMCA_FILTER_KEYS)[number];

interface DmcaFiltersProps {
  filters: Partial<Record<DmcaFilterKey, string>>;
  onChange(patch: Partial<Record<DmcaFilterKey, string | undefined>>): void;
  onReset(): void;
}

/** State and keyword filters of the complaints table. */
export function DmcaFilters({ filters, onChange, onReset }: DmcaFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      <Input.Search
        key={`keyword:${filters.keyword ?? ''}`}
        defaultValue={filters.keyword}
        placeholder={t('adminContent.dmca.filter.keyword')}
        aria-label={t('adminContent.dmca.filter.keyword')}
        allowClear
        style={{ width: 320 }}
        onSearch={(value) => onChange({ keyword: value.trim() })}
      />
      <Select
        value={filters.status}
        id="admin-dmca-status"
        placeholder={t('adminContent.dmca.filter.status')}
        aria-label={t('adminContent.dmca.filter.status')}
        allowClear
        style={{ width: 180 }}
        onChange={(value?: string) => onChange({ status: value })}
        options={DMCA_STATUSES.map((status) => ({
          value: status,
          label: t(`adminContent.dmca.status.${status}`),
        }))}
      />
      <Button onClick={onReset}>{t('admin.table.resetFilters')}</Button>
    </>
  );
}
