import { useTranslation } from 'react-i18next';

/** A cited page: clicking scrolls the PDF preview there. */
export function CitationChip({ page, onCite }: { page: number; onCite(page: number): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="rl-chat-cite"
      data-testid="chat-citation"
      data-page={page}
      title={t('viewer.chat.citation.goTo', { page })}
      onClick={() => onCite(page)}
    >
      {t('viewer.chat.citation.page', { page })}
    </button>
  );
}
