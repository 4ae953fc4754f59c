import { InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PageCountFilterProps {
  min: number | undefined;
  max: number | undefined;
  onChange(range: { min_page: number | undefined; max_page: number | undefined }): void;
}

const MAX_PAGES = 100000;

/** Page count bounds; applied on Enter or blur, and only when the minimum does not exceed the maximum. */
export function PageCountFilter({ min, max, onChange }: PageCountFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ min: number | null; max: number | null } | null>(null);
  const current = draft ?? { min: min ?? null, max: max ?? null };
  const invalid = current.min !== null && current.max !== null && current.min > current.max;

  const apply = () => {
    if (!draft || invalid) return;
    setDraft(null);
    const next = { min_page: draft.min ?? undefined, max_page: draft.max ?? undefined };
    if (next.min_page !== min || next.max_page !== max) onChange(next);
  };

  const bound = (side: 'min' | 'max') => (
    <InputNumber
      id={side === 'min' ? 'filter-pages-min' : undefined}
      min={0}
      max={MAX_PAGES}
      precision={0}
      value={current[side]}
      placeholder={t(side === 'min' ? 'search.filter.pages.min' : 'search.filter.pages.max')}
      aria-label={t(side === 'min' ? 'search.filter.pages.min' : 'search.filter.pages.max')}
      status={invalid ? 'error' : undefined}
      onChange={(value) => setDraft({ ...current, [side]: value })}
      onBlur={apply}
      onPressEnter={apply}
      className="rl-filters__page-bound"
      data-testid={`filter-pages-${side}`}
    />
  );

  return (
    <>
      <div className="rl-filters__range">
        {bound('min')}
        <span className="rl-filters__range-separator">–</span>
        {bound('max')}
      </div>
      {invalid && <div className="rl-filters__error">{t('search.filter.pages.invalid')}</div>}
    </>
  );
}
