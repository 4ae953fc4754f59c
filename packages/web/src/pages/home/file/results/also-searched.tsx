import type { SearchResponse } from '@rl/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface AlsoSearchedProps {
  alsoSearched: NonNullable<SearchResponse['also_searched']>;
  oneLanguage: boolean;
  /** Searches the keyword as typed only (true), or also through the glossary (false). */
  onOneLanguageChange(oneLanguage: boolean): void;
}

/**
 * Says what else a keyword was searched as through the finance glossary ("also in English:
 * semiconductor"), with one click to search it as typed only; when the reader chose that, a
 * click back to both languages.
 */
export function AlsoSearched({ alsoSearched, oneLanguage, onOneLanguageChange }: AlsoSearchedProps) {
  const { t } = useTranslation();
  if (!oneLanguage && alsoSearched.length === 0) return null;
  return (
    <div className="rl-also-searched" role="note" data-testid="also-searched">
      {oneLanguage ? (
        <span>{t('search.alsoSearched.asTyped')}</span>
      ) : (
        alsoSearched.map(({ language, terms }) => (
          <span key={language} className="rl-also-searched__line" data-language={language}>
            {t(`search.alsoSearched.${language}`, { terms: terms.join(t('search.alsoSearched.separator')) })}
          </span>
        ))
      )}
      <Button
        type="link"
        size="small"
        onClick={() => onOneLanguageChange(!oneLanguage)}
        data-testid="also-searched-switch"
      >
        {oneLanguage ? t('search.alsoSearched.both') : t('search.alsoSearched.onlyAsTyped')}
      </Button>
    </div>
  );
}
