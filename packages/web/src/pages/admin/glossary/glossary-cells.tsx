import type { GlossaryOrigin, GlossaryTerm } from '@rl/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';
import { useGlossaryLabels } from './glossary-labels';

/** One language's forms: the preferred one first and plain, the others lighter after it. */
export function GlossaryForms({ forms, testId }: { forms: string[]; testId: string }) {
  const [preferred, ...others] = forms;
  return (
    <div className="rl-admin-glossary__forms" data-testid={testId}>
      <Typography.Text strong>{preferred}</Typography.Text>
      {others.length > 0 && (
        <Typography.Text type="secondary" className="rl-admin-glossary__other-forms">
          {others.join(' · ')}
        </Typography.Text>
      )}
    </div>
  );
}

const ORIGIN_COLORS: Record<GlossaryOrigin, string> = {
  builtin: 'default',
  edited: 'processing',
  added: 'success',
  removed: 'error',
};

export function GlossaryOriginTag({ origin }: { origin: GlossaryOrigin }) {
  const labels = useGlossaryLabels();
  return (
    <Tag color={ORIGIN_COLORS[origin]} data-testid="glossary-origin">
      {labels.origin(origin)}
    </Tag>
  );
}

/** When and by whom the term was last changed here; a dash for a built-in term as shipped. */
export function GlossaryChanged({ term }: { term: GlossaryTerm }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (
    <>
      <Typography.Text style={{ display: 'block' }}>{format.dateTime(term.updated_time)}</Typography.Text>
      {term.updated_by && (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
          {t('admin.glossary.changedBy', { admin: term.updated_by })}
        </Typography.Text>
      )}
    </>
  );
}
