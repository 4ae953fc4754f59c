import type { FactSource } from '@rl/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { viewerStore } from '../../stores/viewer-store';
import './fact-source-mark.css';

/**
 * Where a fact was read: a small page mark beside it. Hover, focus or a tap shows the line it was
 * read from ("p. 1: Rating: Buy (maintained)"); a click turns the viewer to that page. A fact the
 * reader was unsure of is marked so.
 */
export function FactSourceMark({ source, testId }: { source: FactSource | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!source) return null;
  const where = t('viewer.source.where', { page: source.page, text: source.text });
  const title = source.unsure ? (
    <>
      <div>{where}</div>
      <div className="rl-fact-source__unsure-note">{t('viewer.source.unsure')}</div>
    </>
  ) : (
    where
  );
  return (
    <Tooltip title={title} trigger={['hover', 'focus']}>
      <button
        type="button"
        className={source.unsure ? 'rl-fact-source rl-fact-source--unsure' : 'rl-fact-source'}
        aria-label={`${t('viewer.source.open', { page: source.page })}. ${where}`}
        data-testid={testId ?? 'fact-source'}
        data-page={source.page}
        data-unsure={source.unsure ? 'true' : undefined}
        onClick={() => viewerStore.getState().requestPage(source.page)}
      >
        {source.unsure ? '?' : ''}
        {t('viewer.source.page', { page: source.page })}
      </button>
    </Tooltip>
  );
}
