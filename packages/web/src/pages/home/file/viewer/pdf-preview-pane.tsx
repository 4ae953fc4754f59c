import type { FileInfo } from '@rl/contract';
import { TRANSLATION_LANG } from '@rl/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileKeys, filesApi } from '../../../../api/files-api';
import { PdfViewer } from '../../../../components/pdf-viewer/pdf-viewer';
import { createScrollLink } from '../../../../components/pdf-viewer/scroll-link';
import type { MessageKey } from '../../../../locale/en-US';
import { useViewerStore, type TranslationNotice } from '../../../../stores/viewer-store';
import { BlockedPreview } from './blocked-preview';
import { useLockedWall } from './locked-file';

const NOTICES: Record<Exclude<TranslationNotice, null>, { type: 'info' | 'error'; key: MessageKey }> = {
  running: { type: 'info', key: 'viewer.translation.running' },
  failed: { type: 'error', key: 'viewer.translation.failed' },
  unavailable: { type: 'info', key: 'viewer.translation.unavailable' },
};

/**
 * The PDF in the chosen mode: original, original beside the Chinese translation (the two scroll
 * together page by page), or Chinese. A report the viewer's plan does not open shows its wall.
 */
export function PdfPreviewPane({ info }: { info: FileInfo }) {
  const wall = useLockedWall(info.id);
  if (wall) {
    return (
      <div className="rl-viewer__preview" data-testid="pdf-preview" data-mode="locked">
        <BlockedPreview wall={wall} />
      </div>
    );
  }
  return <OpenPreview info={info} />;
}

function OpenPreview({ info }: { info: FileInfo }) {
  const { t } = useTranslation();
  const mode = useViewerStore((s) => s.previewMode);
  const chineseUrl = useViewerStore((s) => s.chineseFileUrl);
  const notice = useViewerStore((s) => s.translationNotice);
  const progress = useViewerStore((s) => s.translateProgress);
  const pageRequest = useViewerStore((s) => s.pageRequest);
  const queryClient = useQueryClient();
  // The preview links live minutes: a read that finds one ended asks for the detail again (the
  // detail's own refresh, file-viewer.tsx, usually renews them first).
  const renewDetail = () =>
    queryClient.fetchQuery({
      queryKey: fileKeys.detail(info.id),
      queryFn: ({ signal }) => filesApi.detail(info.id, { signal }),
      staleTime: 0,
    });
  const renewOriginal = async () => (await renewDetail()).file_info.encrypted_file_url;
  const renewChinese = async () =>
    (await renewDetail()).file_info.multi_language_encrypted_file_url[TRANSLATION_LANG] ?? null;
  // One link for the file's lifetime here (the pane is keyed by file).
  const [scrollLink] = useState(createScrollLink);
  const sideBySide = mode === 'en_zh' && chineseUrl !== null;
  const chineseOnly = mode === 'zh' && chineseUrl !== null;

  return (
    <div className="rl-viewer__preview" data-testid="pdf-preview" data-mode={mode}>
      {notice && (
        <Alert
          type={NOTICES[notice].type}
          showIcon
          banner
          title={
            notice === 'running' && progress > 0
              ? `${t(NOTICES.running.key)} ${t('viewer.translation.progress', { percent: Math.round(progress * 100) })}`
              : t(NOTICES[notice].key)
          }
          className="rl-viewer__notice"
          data-testid="translation-notice"
        />
      )}
      <div className="rl-viewer__pdfs">
        {!chineseOnly && (
          <PdfViewer
            url={info.encrypted_file_url}
            renewUrl={renewOriginal}
            label={sideBySide ? t('viewer.translation.original') : undefined}
            pageRequest={pageRequest}
            scrollLink={sideBySide ? scrollLink : undefined}
          />
        )}
        {chineseUrl && (sideBySide || chineseOnly) && (
          <PdfViewer
            url={chineseUrl}
            renewUrl={renewChinese}
            label={sideBySide ? t('viewer.translation.chinese') : undefined}
            pageRequest={pageRequest}
            scrollLink={sideBySide ? scrollLink : undefined}
          />
        )}
      </div>
    </div>
  );
}
