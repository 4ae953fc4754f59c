import type { GlossaryTerm } from '@rl/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '../shared/confirm-action';
import { glossaryApi, glossaryKeys } from '../../../api/admin/glossary-api';

/** Asks every glossary list again (after a change). */
export function useRefreshGlossary() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: glossaryKeys.all });
}

/**
 * Delete and restore, each once the administrator confirms. Deleting a built-in term only takes it
 * out of use (it stays listed as removed, to be restored); deleting an added one is for good.
 */
export function useGlossaryActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmAction = useConfirmAction();
  const refresh = useRefreshGlossary();

  const remove = async (term: GlossaryTerm) => {
    let kept: GlossaryTerm | null = null;
    const confirmed = await confirmAction({
      title: t('admin.glossary.delete.title'),
      content: t(
        term.origin === 'added' ? 'admin.glossary.delete.bodyAdded' : 'admin.glossary.delete.bodyBuiltin',
        {
          term: term.zh[0],
        },
      ),
      danger: true,
      onConfirm: async () => {
        kept = (await glossaryApi.remove({ id: term.id })).term;
      },
    });
    if (!confirmed) return;
    void message.success(t(kept ? 'admin.glossary.delete.removed' : 'admin.glossary.delete.deleted'));
    await refresh();
  };

  const restore = async (term: GlossaryTerm) => {
    const confirmed = await confirmAction({
      title: t('admin.glossary.restore.title'),
      content: t('admin.glossary.restore.body', { term: term.zh[0] }),
      okText: t('admin.glossary.action.restore'),
      onConfirm: () => glossaryApi.restore({ id: term.id }),
    });
    if (!confirmed) return;
    void message.success(t('admin.glossary.restore.done'));
    await refresh();
  };

  return { remove, restore };
}
