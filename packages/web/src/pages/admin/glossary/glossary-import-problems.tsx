import { GlossaryImportProblem } from '@rl/contract';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';

/** The lines listed; a file with many bad lines is better fixed a screenful at a time. */
const SHOWN = 20;

/** The bad lines of a refused import (400 with `problems`), or null for any other failure. */
export function importProblemsOf(error: unknown): GlossaryImportProblem[] | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const said = (error.body as { problems?: unknown } | null)?.problems;
  const problems = GlossaryImportProblem.array().safeParse(said);
  return problems.success && problems.data.length > 0 ? problems.data : null;
}

/** Why a file was refused, line by line (nothing was imported). */
export function GlossaryImportProblems({
  problems,
  onClose,
}: {
  problems: GlossaryImportProblem[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const more = problems.length - SHOWN;
  return (
    <Modal
      open
      title={t('admin.glossary.import.problemsTitle')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('common.ok')}
      footer={(_, { OkBtn }) => <OkBtn />}
    >
      <Typography.Paragraph>{t('admin.glossary.import.problemsIntro')}</Typography.Paragraph>
      <ul data-testid="glossary-import-problems">
        {problems.slice(0, SHOWN).map((problem, index) => (
          <li key={index}>{t('admin.glossary.import.line', problem)}</li>
        ))}
      </ul>
      {more > 0 && (
        <Typography.Text type="secondary">
          {t('admin.glossary.import.moreProblems', { count: more })}
        </Typography.Text>
      )}
    </Modal>
  );
}
