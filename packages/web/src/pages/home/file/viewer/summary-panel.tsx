import type { FileInfo } from '@rl/contract';
import { Button, Empty, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../../../../api/files-api';
import { QuotaLeft } from '../../../../components/quota/quota-left';
import { useFailureToast } from '../../../../components/collections/use-failure-toast';
import { useLibraryCache } from '../../../../components/collections/use-library-cache';
import { useAppSettingsStore } from '../../../../stores/app-settings-store';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../../../stores/user-store';
import { useViewerStore, viewerStore, type SummaryDisplay } from '../../../../stores/viewer-store';
import { compactPoints, summaryFor, summaryParagraphs } from './summary-text';

/** The summary the server has, in a standard (paragraphs) or compact (key points) display. */
export function SummaryPanel({ info }: { info: FileInfo }) {
  const { t } = useTranslation();
  const locale = useAppSettingsStore((s) => s.language);
  const display = useViewerStore((s) => s.summaryDisplay);
  const chinesePreview = useViewerStore((s) => s.previewMode === 'zh');
  const summary = summaryFor(info, locale === 'zh-CN' || chinesePreview);

  if (!summary) return <NoSummary info={info} />;
  return (
    <div className="rl-summary" data-testid="summary-panel">
      <Segmented<SummaryDisplay>
        size="small"
        value={display}
        aria-label={t('viewer.summary.display')}
        options={[
          { value: 'standard', label: t('viewer.summary.standard') },
          { value: 'compact', label: t('viewer.summary.compact') },
        ]}
        onChange={(value) => viewerStore.getState().setSummaryDisplay(value)}
        className="rl-summary__switch"
        data-testid="summary-display"
      />
      {display === 'standard' ? (
        <div className="rl-summary__text">
          {summaryParagraphs(summary).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <ul className="rl-summary__points">
          {compactPoints(info, summary).map((point, index) => (
            <li key={index}>{point}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * No summary yet: a report still processing gets one soon; a ready one can be summarised on
 * request (one use of the summary quota; the catalogue answers a spent quota with the plans).
 */
function NoSummary({ info }: { info: FileInfo }) {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const cache = useLibraryCache();
  const reportFailure = useFailureToast();
  const [pending, setPending] = useState(false);
  const [nothingToSummarise, setNothingToSummarise] = useState(false);

  const request = async () => {
    if (!isLoggedIn({ token })) {
      useAuthModalStore.getState().open('viewer.summary.requiresLogin');
      return;
    }
    setPending(true);
    try {
      const answer = await filesApi.summary(info.id);
      if (!answer.summary) setNothingToSummarise(true);
      cache.noteSummary(info.id, answer);
    } catch (error) {
      reportFailure(error, 'viewer.summary.failed');
    } finally {
      setPending(false);
    }
  };

  const offer = info.status === 'ready' && !nothingToSummarise;
  const description = nothingToSummarise
    ? t('viewer.summary.none')
    : info.status === 'processing'
      ? t('viewer.summary.processing')
      : t('viewer.summary.empty');
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid="summary-empty">
      {offer && (
        <div className="rl-summary__request">
          <Button type="primary" loading={pending} onClick={request} data-testid="summary-request">
            {t('viewer.summary.request')}
          </Button>
          <div className="rl-summary__hint">{t('viewer.summary.requestHint')}</div>
          <QuotaLeft kinds={['abstract']} spent={pending} />
        </div>
      )}
    </Empty>
  );
}
