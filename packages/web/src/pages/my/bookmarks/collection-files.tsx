import { ArrowLeftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIBRARY_PAGE_SIZE } from '@rl/contract/constants';
import { Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryApi, libraryKeys, OWN_FAILURE_MESSAGE } from '../../../api/library-api';
import { useLibraryCache } from '../../../components/collections/use-library-cache';
import { useFormatters } from '../../../utils/use-formatters';
import { LibraryFileList } from './library-file-list';
import { LibraryFileRow } from './library-file-row';
import { useOptimisticRemoval } from './use-optimistic-removal';

interface CollectionFilesProps {
  collectionId: string;
  onBack(): void;
}

/** The reports of one collection, newest addition first, with Open and Remove. */
export function CollectionFiles({ collectionId, onBack }: CollectionFilesProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const cache = useLibraryCache();
  const [page, setPage] = useState(1);
  const files = useQuery({
    queryKey: libraryKeys.collectionFiles(collectionId, page),
    queryFn: ({ signal }) =>
      libraryApi.collectionFiles(collectionId, page, LIBRARY_PAGE_SIZE, { signal, hideErrorMessage: true }),
    placeholderData: keepPreviousData,
  });
  const { isHidden, removeRow } = useOptimisticRemoval(async (fileId) => {
    await libraryApi.removeFromCollection(collectionId, fileId, OWN_FAILURE_MESSAGE);
    await cache.refreshCollections();
  }, 'library.collection.removeFailed');
  const collection = files.data?.collection;

  return (
    <div className="rl-collection-files" data-testid="collection-files">
      <div className="rl-collection-files__header">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="collection-back">
          {t('library.collection.back')}
        </Button>
        {collection && (
          <h2 className="rl-collection-files__title" data-testid="collection-title">
            {collection.name}
            <span className="rl-collection-files__count">
              {t('library.collection.fileCount', { count: collection.file_count })}
            </span>
          </h2>
        )}
      </div>
      <LibraryFileList
        data={files.data}
        isPending={files.isPending}
        isError={files.isError}
        isFetching={files.isPlaceholderData}
        onRetry={() => void files.refetch()}
        page={page}
        onPageChange={setPage}
        isHidden={isHidden}
        testId="collection-file-list"
        renderRow={(item) => (
          <LibraryFileRow
            key={item.id}
            item={item}
            note={t('library.collection.addedOn', { date: format.date(item.added_time) })}
            testId="collection-file-item"
            actions={
              <Button
                size="small"
                danger
                onClick={() => void removeRow(item.id)}
                data-testid="collection-remove-button"
              >
                {t('library.collection.removeFile')}
              </Button>
            }
          />
        )}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('library.collection.noFiles')}
            data-testid="collection-files-empty"
          />
        }
      />
    </div>
  );
}
