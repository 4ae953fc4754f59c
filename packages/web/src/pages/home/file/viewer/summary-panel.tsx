import type { FileInfo } from '@rl/contract';
import { Empty, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSettingsStore } from '../../../../stores/app-settings-store';
import { useViewerStore, viewerStore, type SummaryDisplay } from '../../../../stores/viewer-store';
import { summaryFor, summaryParagraphs, summaryPoints } from './summary-text';

/** The summary the server has, in a standard (paragraphs) or compact (key points) display. */
export function SummaryPanel({ info }: { info: FileInfo }) {
  const { t } = useTranslation();
  const locale = useAppSettingsStore((s) => s.language);
  const display = useViewerStore((s) => s.summaryDisplay);
  const summary = summaryFor(info, locale);

  if (!summary) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          info.status === 'processing' ? t('viewer.summary.processing') : t('viewer.summary.empty')
        }
        data-testid="summary-empty"
      />
    );
  }
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
          {summaryPoints(summary).map((point, index) => (
            <li key={index}>{point}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
