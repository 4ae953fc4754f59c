import { useTranslation } from 'react-i18next';

/** An option's name with its number of reports, right-aligned and muted. */
export function OptionLabel({ name, count }: { name: string; count: number }) {
  const { t } = useTranslation();
  return (
    <span className="rl-option-label">
      <span className="rl-option-label__name">{name}</span>
      <span className="rl-option-label__count">{t('search.filter.fileCount', { count })}</span>
    </span>
  );
}
