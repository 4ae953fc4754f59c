import { FileId } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKeys, filesApi } from '../../../../api/files-api';
import { QueryScope } from '../../../../api/query-scope';
import { warmPdfWorker } from '../../../../components/pdf-viewer/pdfjs-setup';
import { useViewerStore, viewerStore } from '../../../../stores/viewer-store';
import { ChatPanel } from '../chat/chat-panel';
import { FileDetails } from './file-details';
import { PdfPreviewPane } from './pdf-preview-pane';
import { SummaryPanel } from './summary-panel';
import { useFileLoadingMessage } from './use-file-loading-message';
import { useRecordView } from './use-record-view';
import './viewer.css';
import { ViewerHeader } from './viewer-header';

/** Called when the search page prefetches this module: starts pdf.js's worker ahead of time. */
export function prepareViewer(): void {
  warmPdfWorker();
}

/** Well inside the server's preview link lifetime (at least nine of its ten minutes). */
const PREVIEW_LINK_RENEW_MS = 4 * 60_000;

interface FileViewerProps {
  fileId: string;
  onClose(): void;
}

/** A report: header, PDF preview, details and the summary and chat tabs. */
export function FileViewer(props: FileViewerProps) {
  return (
    <QueryScope>
      <FileViewerContent {...props} />
    </QueryScope>
  );
}

function FileViewerContent({ fileId, onClose }: FileViewerProps) {
  const { t } = useTranslation();
  const validId = FileId.safeParse(fileId).success;
  const detail = useQuery({
    queryKey: fileKeys.detail(fileId),
    queryFn: ({ signal }) => filesApi.detail(fileId, { signal }),
    staleTime: 5 * 60_000,
    // The detail's preview links live at most ten minutes: asked again while the report is open,
    // so the PDF's next reads find a live link (pdf-link.ts renews on demand after a sleep).
    refetchInterval: PREVIEW_LINK_RENEW_MS,
    enabled: validId,
  });
  const data = detail.data;
  const showLoadingMessage = useFileLoadingMessage(validId && detail.isPending);
  const recordedViews = useRecordView(validId ? fileId : null);

  useEffect(() => {
    if (data) viewerStore.getState().loadFile(data.file_info, data.starred);
  }, [data]);
  useEffect(() => () => viewerStore.getState().closeFile(), []);

  const info = data?.file_info;
  const showDetails = useViewerStore((s) => s.showDetails);
  return (
    <section className="rl-viewer" data-testid="file-viewer" data-file-id={fileId}>
      <ViewerHeader info={info} showLoadingMessage={showLoadingMessage} onClose={onClose} />
      {!validId && <Result status="404" title={t('viewer.loadFailed')} />}
      {detail.isError && (
        <Result
          status="warning"
          title={t('viewer.loadFailed')}
          extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {info && (
        <div className="rl-viewer__body">
          <PdfPreviewPane key={info.id} info={info} />
          <aside className="rl-viewer__side" hidden={!showDetails}>
            <FileDetails info={info} views={Math.max(info.views, recordedViews ?? 0)} />
            <Tabs
              className="rl-viewer__tabs"
              size="small"
              items={[
                { key: 'summary', label: t('viewer.tabs.summary'), children: <SummaryPanel info={info} /> },
                {
                  key: 'chat',
                  label: t('viewer.tabs.chat'),
                  children: <ChatPanel key={info.id} fileId={info.id} />,
                },
              ]}
            />
          </aside>
        </div>
      )}
    </section>
  );
}
