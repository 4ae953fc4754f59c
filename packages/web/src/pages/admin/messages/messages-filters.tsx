import { Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

export const MESSAGE_FILTER_KEYS = ['handled', 'keyword'] as const;
export type MessageFilterKey = (typeof MESSAGE_FILTER_KEYS)[number];

interface MessagesFiltersProps {
  filters: Partial<Record<MessageFilterKey, string>>;
  onChange(patch: Partial<Record<MessageFilterKey, string | undefined>>): void;
  onReset(): void;
}

/** Handled / unhandled and keyword filters of the messages table. */
export function MessagesFilters({ filters, onChange, onReset }: MessagesFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      <Input.Search
        key={`keyword:${filters.keyword ?? ''}`}
        defaultValue={filters.keyword}
        placeholder={t('adminContent.messages.filter.keyword')}
        aria-label={t('adminContent.messages.filter.keyword')}
        allowClear
        style={{ width: 300 }}
        onSearch={(value) => onChange({ keyword: value.trim() })}
      />
      <Select
        value={filters.handled}
        id="admin-messages-handled"
        placeholder={t('adminContent.messages.filter.handled')}
        aria-label={t('adminContent.messages.filter.handled')}
        allowClear
        style={{ width: 160 }}
        onChange={(value?: string) => onChange({ handled: value })}
        options={[
          { value: 'false', label: t('adminContent.messages.status.unhandled') },
          { value: 'true', label: t('adminContent.messages.status.handled') },
        ]}
      />
      <Button onClick={onReset}>{t('admin.table.resetFilters')}</Button>
    </>
  );
}
