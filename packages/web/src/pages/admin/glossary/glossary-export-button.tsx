import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { glossaryApi } from '../../../api/admin/glossary-api';
import { saveTextFile } from './save-text-file';

/** Saves the terms in use as `glossary.csv` (the import's format); a failure shows as any console call's. */
export function GlossaryExportButton() {
  const { t } = useTranslation();
  const exportCsv = useMutation({
    mutationFn: () => glossaryApi.exportCsv(),
    onSuccess: (csv) => saveTextFile('glossary.csv', csv, 'text/csv;charset=utf-8'),
  });
  return (
    <Button loading={exportCsv.isPending} onClick={() => exportCsv.mutate()} data-testid="glossary-export">
      {t('admin.glossary.action.export')}
    </Button>
  );
}
