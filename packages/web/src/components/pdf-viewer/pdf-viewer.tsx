import { FilePdfOutlined } from '@ant-design/icons';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PdfDocumentView } from './pdf-document-view';
import './pdf-viewer.css';
import type { ScrollLink } from './scroll-link';
import { usePdfDocument } from './use-pdf-document';

interface PdfViewerProps {
  url: string;
  /** Shown in the toolbar, e.g. when two versions sit side by side. */
  label?: string;
  /** Scrolls to `page` whenever `seq` changes (e.g. a chat citation was clicked). */
  pageRequest?: { page: number; seq: number } | null;
  /** Keeps this view at the same page as the other views of the link. */
  scrollLink?: ScrollLink;
}

/** A pdf.js preview: the first page fast (range requests), pages rendered as they scroll in. */
export function PdfViewer({ url, label, pageRequest, scrollLink }: PdfViewerProps) {
  const { t } = useTranslation();
  const state = usePdfDocument(url);
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
      key={url}
      doc={state.doc}
      firstPageSize={state.firstPageSize}
      label={label}
      pageRequest={pageRequest}
      scrollLink={scrollLink}
    />
  );
}
