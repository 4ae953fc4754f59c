import { Alert, Button, Checkbox, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../router/route-meta';
import { CollectionNameInput } from './collection-name-input';
import './collections.css';
import { useCollectionActions, useCollectionList } from './use-collections';
import type { useFileCollections } from './use-file-collections';

interface CollectionPickerProps {
  /** The file's collections, from `useFileCollections`. */
  file: ReturnType<typeof useFileCollections>;
}

/** My collections with a checkbox each (is the file in it?), and a new collection that takes the file. */
export function CollectionPicker({ file }: CollectionPickerProps) {
  const { t } = useTranslation();
  const list = useCollectionList();
  const { create } = useCollectionActions();
  const collections = list.data?.collections ?? [];
  const failed = list.isError || file.containing.isError;

  const createWithFile = async (name: string) => {
    try {
      const collection = await create.mutateAsync(name);
      file.toggle(collection.id, true);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div className="rl-collection-picker" data-testid="collection-picker">
      {failed ? (
        <Alert
          type="warning"
          showIcon
          title={t('library.collection.loadFailed')}
          action={
            <Button
              size="small"
              onClick={() => {
                void list.refetch();
                void file.containing.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      ) : list.isPending || file.containing.isPending ? (
        <Spin className="rl-collection-picker__loading" />
      ) : collections.length === 0 ? (
        <Typography.Text type="secondary">{t('library.collection.pickerEmpty')}</Typography.Text>
      ) : (
        <ul className="rl-collection-picker__list">
          {collections.map((collection) => (
            <li key={collection.id}>
              <Checkbox
                checked={file.isInside(collection.id)}
                disabled={file.isPending(collection.id)}
                onChange={(event) => file.toggle(collection.id, event.target.checked)}
                data-testid={`collection-option-${collection.id}`}
              >
                <span className="rl-collection-picker__name">{collection.name}</span>
              </Checkbox>
              <span className="rl-collection-picker__count">{collection.file_count}</span>
            </li>
          ))}
        </ul>
      )}
      <CollectionNameInput
        submitLabel={t('library.collection.create')}
        busy={create.isPending}
        onSubmit={createWithFile}
        testId="picker-new-collection"
      />
      <Link to={`${PATHS.bookmarks}?tab=collections`} className="rl-collection-picker__manage">
        {t('library.collection.manage')}
      </Link>
    </div>
  );
}
