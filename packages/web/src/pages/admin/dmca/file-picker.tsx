import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../utils/use-debounced-value';
import { adminFileKeys, adminFilesApi } from '../../../api/admin/files-api';

const PICK_RESULTS = 10;
const SEARCH_DELAY_MS = 300;

/** Finds a file by title, file name, issuer or id (the console's file list) and picks it. */
export function FilePicker({ disabled, onPick }: { disabled: boolean; onPick(fileId: string): void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const results = useQuery({
    queryKey: adminFileKeys.pick(keyword),
    queryFn: ({ signal }) =>
      adminFilesApi.list(
        { keyword, page_id: 1, page_length: PICK_RESULTS },
        { signal, hideErrorMessage: true },
      ),
    enabled: keyword.length > 0,
    retry: false,
  });
  const options = (keyword ? (results.data?.file_list ?? []) : []).map((file) => ({
    value: file.id,
    label: `${file.title || file.file_name} · ${file.file_name} (${file.id})`,
  }));
  return (
    <Select<string>
      value={null}
      disabled={disabled}
      id="admin-dmca-file-picker"
      placeholder={t('adminContent.dmca.file.search')}
      aria-label={t('adminContent.dmca.file.search')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={results.isFetching}
      notFoundContent={keyword ? t('adminContent.dmca.file.noMatch') : null}
      options={options}
      onChange={(fileId) => {
        setSearch('');
        onPick(fileId);
      }}
      style={{ width: '100%' }}
      data-testid="dmca-file-picker"
    />
  );
}
