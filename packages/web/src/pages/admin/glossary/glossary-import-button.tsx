import { UploadOutlined } from '@ant-design/icons';
import { GLOSSARY_IMPORT_MAX_CHARS, GlossaryImportRequest, type GlossaryImportProblem } from '@rl/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { adminErrorMessage } from '../layout/admin-failure';
import { useAdminFormat } from '../shared/admin-format';
import { glossaryApi } from '../../../api/admin/glossary-api';
import { GlossaryImportProblems, importProblemsOf } from './glossary-import-problems';
import { useRefreshGlossary } from './use-glossary-actions';

/** A UTF-8 character takes at most 4 bytes: a larger file is refused before it is read. */
const MAX_BYTES = GLOSSARY_IMPORT_MAX_CHARS * 4;

/**
 * Imports a CSV file (the export's format): chosen here, read as text and sent whole. The counts
 * show in a message; a refused file lists its bad lines.
 */
export function GlossaryImportButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const format = useAdminFormat();
  const refresh = useRefreshGlossary();
  const [problems, setProblems] = useState<GlossaryImportProblem[] | null>(null);
  const send = useMutation({
    // Failures are shown here: the bad lines in a dialog rather than one line in a toast.
    mutationFn: (csv: string) => glossaryApi.importCsv({ csv }, { hideErrorMessage: true }),
    onSuccess: async (counts) => {
      void message.success(t('admin.glossary.import.done', counts));
      await refresh();
    },
    onError: (error) => {
      const found = importProblemsOf(error);
      if (found) setProblems(found);
      else if (!isApiError(error)) void message.error(t('errors.request.failed'));
      else if (error.status !== 401) void message.error(adminErrorMessage(error, t));
    },
  });

  const tooLarge = () =>
    void message.error(
      t('admin.glossary.import.tooLarge', { max: format.number(GLOSSARY_IMPORT_MAX_CHARS) }),
    );
  const choose = async (file: File) => {
    if (!/\.csv$/i.test(file.name)) return void message.error(t('admin.glossary.import.notCsv'));
    if (file.size > MAX_BYTES) return tooLarge();
    const checked = GlossaryImportRequest.safeParse({ csv: await file.text() });
    if (checked.success) return send.mutate(checked.data.csv);
    if (checked.error.issues[0]?.code === 'too_big') return tooLarge();
    void message.error(t('admin.glossary.import.empty'));
  };

  return (
    <>
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={send.isPending} data-testid="glossary-import">
          {t('admin.glossary.action.import')}
        </Button>
      </Upload>
      {problems && <GlossaryImportProblems problems={problems} onClose={() => setProblems(null)} />}
    </>
  );
}
