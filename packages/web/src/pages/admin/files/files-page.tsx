import { UploadOutlined } from '@ant-design/icons';
import {
  ADMIN_FILE_SORTS,
  type AdminFile,
  type AdminFileListRequest,
  type AdminFileListResponse,
} from '@rl/contract';
import { Button, Table } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useKeyboardScroll } from '../../../utils/use-keyboard-scroll';
import { AdminPage } from '../shared/admin-page';
import { useAdminTable } from '../shared/use-admin-table';
import { adminFileKeys, adminFilesApi } from '../../../api/admin/files-api';
import { FileDetailsDrawer } from './file-details-drawer';
import { FILE_DETAILS_PARAM } from './file-details-path';
import { FileEditDrawer } from './file-edit-drawer';
import type { FileRowHandlers } from './file-row-actions';
import { FILE_FILTER_KEYS, FilesFilters } from './files-filters';
import { useFileColumns } from './files-columns';
import { UploadFileModal } from './upload-file-modal';
import { useProcessingPoll } from './use-processing-poll';

/** `/admin/files`: every file of the library, with filters, sorting, details, edits and uploads. */
export function FilesPage() {
  const { t } = useTranslation();
  const tableRef = useKeyboardScroll(t('adminContent.files.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const [editId, setEditId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const table = useAdminTable<AdminFile, AdminFileListResponse, (typeof FILE_FILTER_KEYS)[number]>({
    queryKeys: adminFileKeys,
    filterKeys: FILE_FILTER_KEYS,
    sortFields: ADMIN_FILE_SORTS,
    defaultSort: { field: 'upload_time', order: 'desc' },
    fetchPage: (request, signal) => adminFilesApi.list(request as AdminFileListRequest, { signal }),
    rowsOf: (answer) => answer.file_list,
    rowKey: 'id',
  });
  const { refresh } = table;
  const processing = table.answer?.file_list.some((file) => file.status === 'processing') ?? false;
  useProcessingPoll(processing, refresh);

  const detailsId = searchParams.get(FILE_DETAILS_PARAM);
  const setDetailsId = useCallback(
    (fileId: string | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (fileId) next.set(FILE_DETAILS_PARAM, fileId);
        else next.delete(FILE_DETAILS_PARAM);
        return next;
      }),
    [setSearchParams],
  );
  const handlers = useMemo<FileRowHandlers>(
    () => ({ onDetails: (file) => setDetailsId(file.id), onEdit: (file) => setEditId(file.id) }),
    [setDetailsId],
  );
  const columns = useFileColumns(table.sortOrderOf, handlers);

  return (
    <AdminPage
      title={t('adminContent.files.title')}
      testId="admin-files-page"
      extra={
        <Button
          type="primary"
          icon={<UploadOutlined />}
          onClick={() => setUploading(true)}
          data-testid="files-upload"
        >
          {t('adminContent.files.upload.open')}
        </Button>
      }
      toolbar={
        <FilesFilters filters={table.filters} onChange={table.setFilters} onReset={table.resetFilters} />
      }
    >
      <Table<AdminFile>
        ref={tableRef}
        {...table.tableProps}
        // Polling refreshes quietly: the spinner is for the administrator's own changes.
        loading={processing ? false : table.tableProps.loading}
        columns={columns}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 1800 }}
        locale={{ emptyText: t('adminContent.files.empty') }}
        onRow={(file) => ({ 'data-testid': 'file-row', 'data-status': file.status }) as object}
        data-testid="files-table"
      />
      <FileDetailsDrawer
        fileId={detailsId}
        onClose={() => setDetailsId(null)}
        onEdit={(fileId) => {
          setDetailsId(null);
          setEditId(fileId);
        }}
      />
      <FileEditDrawer fileId={editId} onClose={() => setEditId(null)} />
      <UploadFileModal
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={() => void refresh()}
      />
    </AdminPage>
  );
}
