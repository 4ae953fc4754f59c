import { FilePdfOutlined } from '@ant-design/icons';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PdfDocumentView } from './pdf-document-view';
import './pdf-viewer.css';
import { pdfDocumentKey } from '../../api/pdf-link-api';
import type { ScrollLink } from './scroll-link';
import { usePdfDocument } from './use-pdf-document';

interface PdfViewerProps {
  /** The preview link; a renewed link of the same document keeps the open document. */
  url: string;
  /** Asks the server for a fresh link when the current one has ended. */
  renewUrl?: () => Promise<string | null>;
  /** Shown in the toolbar, e.g. when two versions sit side by side. */
  label?: string;
  /** Scrolls to `page` whenever `seq` changes (e.g. a chat citation was clicked). */
  pageRequest?: { page: number; seq: number } | null;
  /** Keeps this view at the same page as the other views of the link. */
  scrollLink?: ScrollLink;
}

/** A pdf.js preview: the first page fast (range requests), pages rendered as they scroll in. */
export function PdfViewer({ url, renewUrl, label, pageRequest, scrollLink }: PdfViewerProps) {
  const { t } = useTranslation();
  const state = usePdfDocument(url, renewUrl);
  if (state.status === 'loading') {
    return (
      <div className="rl-pdf rl-pdf--status" data-testid="pdf-loading">
        <Spin />
        <span>{t('pdf.loading')}</span>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="rl-pdf rl-pdf--status" data-testid="pdf-error">
        <Result
          icon={<FilePdfOutlined />}
          title={state.reason === 'password' ? t('pdf.passwordProtected') : t('pdf.loadFailed')}
        />
      </div>
    );
  }
  return (
    <PdfDocumentView
      key={pdfDocumentKey(url)}
      doc={state.doc}
      firstPageSize={state.firstPageSize}
      label={label}
      pageRequest={pageRequest}
      scrollLink={scrollLink}
    />
  );
}
