import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface OptionLabelProps {
  name: string;
  count: number;
  /** Shown before the name, e.g. the issuer's star. */
  leading?: ReactNode;
}

/** An option's name with its number of reports, right-aligned and muted. */
export function OptionLabel({ name, count, leading }: OptionLabelProps) {
  const { t } = useTranslation();
  return (
    <span className="rl-option-label">
      {leading}
      <span className="rl-option-label__name">{name}</span>
      <span className="rl-option-label__count">{t('search.filter.fileCount', { count })}</span>
    </span>
  );
}
