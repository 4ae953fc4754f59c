import { COLLECTIONS_MAX } from '@rl/contract/constants';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CollectionNameInput } from '../../../components/collections/collection-name-input';
import { useCollectionActions, useCollectionList } from '../../../components/collections/use-collections';
import { CollectionRow } from './collection-row';

/** My collections (paid plan): create one, and open, rename or delete each. */
export function CollectionList({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useTranslation();
  const list = useCollectionList();
  const actions = useCollectionActions();
  const collections = list.data?.collections ?? [];
  const full = collections.length >= COLLECTIONS_MAX;

  const create = async (name: string) => {
    try {
      await actions.create.mutateAsync(name);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div className="rl-collections" data-testid="collections-list">
      {full ? (
        <Alert type="info" showIcon title={t('library.collection.full', { max: COLLECTIONS_MAX })} />
      ) : (
        <CollectionNameInput
          submitLabel={t('library.collection.create')}
          busy={actions.create.isPending}
          onSubmit={create}
          testId="new-collection"
        />
      )}
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('library.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : collections.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('library.collection.empty')}
          data-testid="collections-empty"
        />
      ) : (
        <ul className="rl-collection-rows">
          {collections.map((collection) => (
            <CollectionRow key={collection.id} collection={collection} actions={actions} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </div>
  );
}
