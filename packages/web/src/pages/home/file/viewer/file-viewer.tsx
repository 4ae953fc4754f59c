import { FileId, type FileInfo } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Tabs } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKeys, filesApi } from '../../../../api/files-api';
import { QueryScope } from '../../../../api/query-scope';
import { usePageTitleDetail } from '../../../../router/use-page-title';
import { warmPdfWorker } from '../../../../components/pdf-viewer/pdfjs-setup';
import { useViewerStore, viewerStore } from '../../../../stores/viewer-store';
import { useViewport } from '../../../../utils/use-viewport';
import { ChatPanel } from '../chat/chat-panel';
import { FileDetails } from './file-details';
import { lockedFileOf } from './locked-file';
import { PdfPreviewPane } from './pdf-preview-pane';
import { SummaryPanel } from './summary-panel';
import { useFileLoadingMessage } from './use-file-loading-message';
import { useRecordView } from './use-record-view';
import './viewer.css';
import { ViewerHeader } from './viewer-header';

/** Called as this module arrives: starts pdf.js's worker while the viewer renders. */
export function prepareViewer(): void {
  warmPdfWorker();
}

/** Well inside the server's preview link lifetime (at least nine of its ten minutes). */
const PREVIEW_LINK_RENEW_MS = 4 * 60_000;

interface FileViewerProps {
  fileId: string;
  onClose(): void;
}

/**
 * A report: header, PDF preview, and the summary, chat and details tabs beside it; in a narrow
 * window the PDF takes the width and the others are tabs over it.
 */
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
    // so the PDF's next reads find a live link (api/pdf-link-api.ts renews on demand after a sleep).
    refetchInterval: PREVIEW_LINK_RENEW_MS,
    enabled: validId,
  });
  const data = detail.data;
  // A report the plan does not open yet: its details and summary stay, the PDF pane shows why.
  const locked = lockedFileOf(detail.error);
  const showLoadingMessage = useFileLoadingMessage(validId && detail.isPending);
  const recordedViews = useRecordView(validId ? fileId : null);

  useEffect(() => {
    if (data) viewerStore.getState().loadFile(data.file_info, data.starred);
  }, [data]);
  useEffect(() => () => viewerStore.getState().closeFile(), []);

  const info = data?.file_info ?? locked?.info;
  usePageTitleDetail(info ? info.meta.document_title || info.file_name : null);
  const showDetails = useViewerStore((s) => s.showDetails);
  const { narrow } = useViewport();
  const views = info ? Math.max(info.views, recordedViews ?? 0) : 0;
  return (
    <section
      className={narrow ? 'rl-viewer rl-viewer--stacked' : 'rl-viewer'}
      data-testid="file-viewer"
      data-file-id={fileId}
    >
      <ViewerHeader
        info={info}
        showLoadingMessage={showLoadingMessage}
        onClose={onClose}
        narrow={narrow}
        locked={locked !== null}
      />
      {!validId && <Result status="404" title={t('viewer.loadFailed')} />}
      {detail.isError && !locked && (
        <Result
          status="warning"
          title={t('viewer.loadFailed')}
          extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {info && narrow && <StackedBody info={info} views={views} locked={locked !== null} />}
      {info && !narrow && (
        <div className="rl-viewer__body">
          <PdfPreviewPane key={info.id} info={info} />
          <aside className="rl-viewer__side" hidden={!showDetails}>
            {/* The summary first: the header already names the issuer and the date, and the
                facts of the details tab are one click away. */}
            {/* antd's own class names for the tabs' inner boxes change between versions (6 renamed
                them): the layout names them through the semantic classNames instead. */}
            <Tabs
              className="rl-viewer__tabs"
              classNames={{ body: 'rl-viewer__tab-body', content: 'rl-viewer__tab-content' }}
              size="small"
              items={[
                { key: 'summary', label: t('viewer.tabs.summary'), children: <SummaryPanel info={info} /> },
                // No questions about a report the plan does not open: the server would refuse each.
                ...(locked
                  ? []
                  : [
                      {
                        key: 'chat',
                        label: t('viewer.tabs.chat'),
                        className: 'rl-viewer__tab-content--fill',
                        children: <ChatPanel key={info.id} fileId={info.id} />,
                      },
                    ]),
                {
                  key: 'details',
                  label: t('viewer.details.title'),
                  children: <FileDetails info={info} views={views} />,
                },
              ]}
            />
          </aside>
        </div>
      )}
    </section>
  );
}

type Pane = 'pdf' | 'summary' | 'chat' | 'details';
const PANES: Pane[] = ['pdf', 'summary', 'chat', 'details'];
const PANE_LABELS = {
  pdf: 'viewer.tabs.report',
  summary: 'viewer.tabs.summary',
  chat: 'viewer.tabs.chat',
  details: 'viewer.details.title',
} as const;

/**
 * The narrow layout: tabs over the full-width PDF. The PDF stays laid out under the other panes
 * (so it keeps its place and pages), and a pane once opened stays mounted (the chat keeps its
 * draft). A page asked for by a chat citation brings the PDF back.
 */
function StackedBody({ info, views, locked }: { info: FileInfo; views: number; locked: boolean }) {
  const { t } = useTranslation();
  const requestSeq = useViewerStore((s) => s.pageRequest?.seq ?? 0);
  const [chosen, setChosen] = useState<{ pane: Pane; seq: number }>({ pane: 'pdf', seq: requestSeq });
  const [opened, setOpened] = useState<ReadonlySet<Pane>>(() => new Set());
  const shown: Pane = chosen.seq === requestSeq ? chosen.pane : 'pdf';
  const choose = (key: string) => {
    const pane = key as Pane;
    setChosen({ pane, seq: requestSeq });
    setOpened((previous) => (previous.has(pane) ? previous : new Set(previous).add(pane)));
  };
  const sheetPane = (pane: Exclude<Pane, 'pdf'>, content: ReactNode) =>
    opened.has(pane) && (
      <div className={`rl-viewer__sheet-pane rl-viewer__sheet-pane--${pane}`} hidden={shown !== pane}>
        {content}
      </div>
    );

  return (
    <div className="rl-viewer__body rl-viewer__body--stacked">
      <Tabs
        className="rl-viewer__pane-tabs"
        classNames={{ body: 'rl-viewer__pane-tabs-body' }}
        size="small"
        activeKey={shown}
        onChange={choose}
        items={PANES.filter((pane) => !locked || pane !== 'chat').map((pane) => ({
          key: pane,
          label: t(PANE_LABELS[pane]),
        }))}
        data-testid="viewer-pane-tabs"
      />
      <div className="rl-viewer__stack">
        <PdfPreviewPane key={info.id} info={info} />
        <div className="rl-viewer__sheet" hidden={shown === 'pdf'} data-testid="viewer-sheet">
          {sheetPane('summary', <SummaryPanel info={info} />)}
          {sheetPane('chat', <ChatPanel key={info.id} fileId={info.id} />)}
          {sheetPane('details', <FileDetails info={info} views={views} />)}
        </div>
      </div>
    </div>
  );
}
