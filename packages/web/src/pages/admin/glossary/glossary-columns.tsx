import type { GlossaryTerm } from '@rl/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { GlossaryChanged, GlossaryForms, GlossaryOriginTag } from './glossary-cells';
import { useGlossaryLabels } from './glossary-labels';
import { GlossaryRowActions } from './glossary-row-actions';

/** The glossary table's columns; `onEdit` opens a term in the form. */
export function useGlossaryColumns(onEdit: (term: GlossaryTerm) => void): TableColumnsType<GlossaryTerm> {
  const { t } = useTranslation();
  const labels = useGlossaryLabels();
  return [
    {
      key: 'zh',
      title: t('admin.glossary.column.zh'),
      width: 200,
      render: (_, term) => <GlossaryForms forms={term.zh} testId="glossary-zh" />,
    },
    {
      key: 'en',
      title: t('admin.glossary.column.en'),
      width: 260,
      render: (_, term) => <GlossaryForms forms={term.en} testId="glossary-en" />,
    },
    {
      key: 'domain',
      title: t('admin.glossary.column.domain'),
      width: 140,
      render: (_, term) => labels.domain(term.domain),
    },
    {
      key: 'origin',
      title: t('admin.glossary.column.origin'),
      width: 130,
      render: (_, term) => <GlossaryOriginTag origin={term.origin} />,
    },
    {
      key: 'changed',
      title: t('admin.glossary.column.changed'),
      width: 180,
      render: (_, term) => <GlossaryChanged term={term} />,
    },
    {
      key: 'actions',
      title: t('admin.table.actions'),
      width: 190,
      className: 'rl-admin-glossary__actions',
      render: (_, term) => <GlossaryRowActions term={term} onEdit={onEdit} />,
    },
  ];
}
