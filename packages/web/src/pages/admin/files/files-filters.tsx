import { ReloadOutlined } from '@ant-design/icons';
import { FILE_DMCA_STATES, FILE_STATUSES, VISIBILITIES } from '@rl/contract';
import { Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

export const FILE_FILTER_KEYS = ['keyword', 'status', 'visibility', 'uploader', 'dmca'] as const;
export type FileFilterKey = (typeof FILE_FILTER_KEYS)[number];
type Filters = Partial<Record<FileFilterKey, string>>;

interface FilesFiltersProps {
  filters: Filters;
  onChange(patch: Partial<Record<FileFilterKey, string | undefined>>): void;
  onReset(): void;
}

/** Keyword, state, visibility, uploader and DMCA filters of the files table. */
export function FilesFilters({ filters, onChange, onReset }: FilesFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      <Input.Search
        key={`keyword:${filters.keyword ?? ''}`}
        defaultValue={filters.keyword}
        placeholder={t('adminContent.files.filter.keyword')}
        aria-label={t('adminContent.files.filter.keyword')}
        allowClear
        style={{ width: 260 }}
        onSearch={(value) => onChange({ keyword: value.trim() })}
      />
      <Select
        value={filters.status}
        id="admin-files-status"
        placeholder={t('adminContent.files.filter.status')}
        aria-label={t('adminContent.files.filter.status')}
        allowClear
        style={{ width: 150 }}
        onChange={(value?: string) => onChange({ status: value })}
        options={FILE_STATUSES.map((status) => ({
          value: status,
          label: t(`adminContent.files.status.${status}`),
        }))}
      />
      <Select
        value={filters.visibility}
        id="admin-files-visibility"
        placeholder={t('adminContent.files.filter.visibility')}
        aria-label={t('adminContent.files.filter.visibility')}
        allowClear
        style={{ width: 150 }}
        onChange={(value?: string) => onChange({ visibility: value })}
        options={VISIBILITIES.map((visibility) => ({
          value: visibility,
          label: t(`adminContent.files.visibility.${visibility}`),
        }))}
      />
      <Input.Search
        key={`uploader:${filters.uploader ?? ''}`}
        defaultValue={filters.uploader}
        placeholder={t('adminContent.files.filter.uploader')}
        aria-label={t('adminContent.files.filter.uploader')}
        allowClear
        style={{ width: 200 }}
        onSearch={(value) => onChange({ uploader: value.trim() })}
      />
      <Select
        value={filters.dmca}
        id="admin-files-dmca"
        placeholder={t('adminContent.files.filter.dmca')}
        aria-label={t('adminContent.files.filter.dmca')}
        allowClear
        style={{ width: 170 }}
        onChange={(value?: string) => onChange({ dmca: value })}
        options={FILE_DMCA_STATES.map((state) => ({
          value: state,
          label: t(`adminContent.files.dmca.${state}`),
        }))}
      />
      <Button icon={<ReloadOutlined />} onClick={onReset}>
        {t('admin.table.resetFilters')}
      </Button>
    </>
  );
}
