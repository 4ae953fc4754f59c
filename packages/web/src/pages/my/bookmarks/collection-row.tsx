import { FolderOutlined } from '@ant-design/icons';
import type { Collection } from '@rl/contract';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionNameInput } from '../../../components/collections/collection-name-input';
import type { useCollectionActions } from '../../../components/collections/use-collections';
import { useFormatters } from '../../../utils/use-formatters';

interface CollectionRowProps {
  collection: Collection;
  actions: ReturnType<typeof useCollectionActions>;
  onOpen(id: string): void;
}

/** One collection: its name and size, Open, Rename (in place) and Delete (after a confirmation). */
export function CollectionRow({ collection, actions, onOpen }: CollectionRowProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [renaming, setRenaming] = useState(false);
  const { rename, remove } = actions;

  if (renaming) {
    return (
      <li className="rl-collection-row" data-testid="collection-item" data-collection-id={collection.id}>
        <CollectionNameInput
          initialName={collection.name}
          submitLabel={t('common.save')}
          busy={rename.isPending}
          autoFocus
          onCancel={() => setRenaming(false)}
          onSubmit={async (name) => {
            try {
              await rename.mutateAsync({ id: collection.id, name });
              setRenaming(false);
              return true;
            } catch {
              return false;
            }
          }}
          testId="rename-collection"
        />
      </li>
    );
  }
  return (
    <li className="rl-collection-row" data-testid="collection-item" data-collection-id={collection.id}>
      <button type="button" className="rl-collection-row__name" onClick={() => onOpen(collection.id)}>
        <FolderOutlined /> <span>{collection.name}</span>
      </button>
      <span className="rl-collection-row__meta">
        {t('library.collection.fileCount', { count: collection.file_count })}
        {' · '}
        {t('library.collection.updatedOn', { date: format.date(collection.updated_time) })}
      </span>
      <span className="rl-collection-row__actions">
        <Button size="small" onClick={() => onOpen(collection.id)} data-testid="collection-open">
          {t('library.open')}
        </Button>
        <Button size="small" onClick={() => setRenaming(true)} data-testid="collection-rename">
          {t('library.collection.rename')}
        </Button>
        <Popconfirm
          title={t('library.collection.deleteConfirm', { name: collection.name })}
          description={t('library.collection.deleteHint')}
          okText={t('library.collection.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => remove.mutateAsync(collection.id).catch(() => undefined)}
        >
          <Button size="small" danger data-testid="collection-delete">
            {t('library.collection.delete')}
          </Button>
        </Popconfirm>
      </span>
    </li>
  );
}
