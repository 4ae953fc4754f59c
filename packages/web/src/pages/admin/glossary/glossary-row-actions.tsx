import type { GlossaryTerm } from '@rl/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGlossaryActions } from './use-glossary-actions';

/** Edit and delete a term in use; restore a built-in one edited or removed here. */
export function GlossaryRowActions({
  term,
  onEdit,
}: {
  term: GlossaryTerm;
  onEdit(term: GlossaryTerm): void;
}) {
  const { t } = useTranslation();
  const actions = useGlossaryActions();
  const inUse = term.origin !== 'removed';
  const restorable = term.origin === 'edited' || term.origin === 'removed';
  return (
    <Space size={0} wrap>
      {inUse && (
        <Button type="link" size="small" onClick={() => onEdit(term)} data-testid="glossary-edit">
          {t('admin.glossary.action.edit')}
        </Button>
      )}
      {restorable && (
        <Button
          type="link"
          size="small"
          onClick={() => void actions.restore(term)}
          data-testid="glossary-restore"
        >
          {t('admin.glossary.action.restore')}
        </Button>
      )}
      {inUse && (
        <Button
          type="link"
          size="small"
          danger
          onClick={() => void actions.remove(term)}
          data-testid="glossary-delete"
        >
          {t('admin.glossary.action.delete')}
        </Button>
      )}
    </Space>
  );
}
