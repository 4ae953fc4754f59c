import { InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Side = 'min' | 'max';
type Bounds = { min_page: number | undefined; max_page: number | undefined };

interface PageCountFilterProps {
  min: number | undefined;
  max: number | undefined;
  /** Only the bounds that changed: the other one may have changed meanwhile (Min, then Max). */
  onChange(range: Partial<Bounds>): void;
}

/** A bound as typed; `applied` once sent, until the props bring it back. */
interface Draft {
  value: number | null;
  applied: boolean;
}

const MAX_PAGES = 100000;
const SIDES = ['min', 'max'] as const;
const FIELD = { min: 'min_page', max: 'max_page' } as const;

/**
 * Page count bounds; applied on Enter or blur, and only when the minimum does not exceed the maximum.
 * What is typed in a box is kept per box, so applying one bound (which changes the URL, then the
 * props) never drops what is being typed in the other; an applied value shows until the props
 * arrive with it, and a box not being edited shows the props (Reset, Back).
 */
export function PageCountFilter({ min, max, onChange }: PageCountFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Partial<Record<Side, Draft>>>({});
  const props = { min, max };
  const shown = (side: Side) => {
    const entry = draft[side];
    return entry ? entry.value : (props[side] ?? null);
  };
  const current = { min: shown('min'), max: shown('max') };
  const invalid = current.min !== null && current.max !== null && current.min > current.max;

  // New props take the place of the values applied before them (state adjusted while rendering).
  const [seen, setSeen] = useState(props);
  if (seen.min !== min || seen.max !== max) {
    setSeen(props);
    const typing = Object.entries(draft).filter(([, entry]) => !entry.applied);
    if (typing.length !== Object.keys(draft).length) setDraft(Object.fromEntries(typing));
  }

  const apply = () => {
    if (invalid) return;
    const changes: Partial<Bounds> = {};
    const next: Partial<Record<Side, Draft>> = {};
    for (const side of SIDES) {
      const entry = draft[side];
      if (!entry) continue;
      const value = entry.value ?? undefined;
      if (entry.applied) next[side] = entry;
      else if (value !== props[side]) {
        changes[FIELD[side]] = value;
        next[side] = { value: entry.value, applied: true };
      }
    }
    setDraft(next);
    if (Object.keys(changes).length > 0) onChange(changes);
  };

  const bound = (side: Side) => (
    <InputNumber
      id={side === 'min' ? 'filter-pages-min' : undefined}
      min={0}
      max={MAX_PAGES}
      precision={0}
      value={current[side]}
      placeholder={t(side === 'min' ? 'search.filter.pages.min' : 'search.filter.pages.max')}
      aria-label={t(side === 'min' ? 'search.filter.pages.min' : 'search.filter.pages.max')}
      status={invalid ? 'error' : undefined}
      onChange={(value) => setDraft((d) => ({ ...d, [side]: { value, applied: false } }))}
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
