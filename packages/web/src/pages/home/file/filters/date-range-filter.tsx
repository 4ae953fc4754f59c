import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const WIRE_FORMAT = 'YYYY-MM-DD';

interface DateRangeFilterProps {
  from: string | undefined;
  to: string | undefined;
  onChange(range: { from_date: string | undefined; to_date: string | undefined }): void;
  /** Ids of the two inputs are `<idPrefix>-from` and `<idPrefix>-to`. */
  idPrefix?: string;
  className?: string;
  testId?: string;
}

/** Publish date range; either end may stay open. */
export function DateRangeFilter({
  from,
  to,
  onChange,
  idPrefix = 'filter-date',
  className = 'rl-filters__control',
  testId = 'filter-date-range',
}: DateRangeFilterProps) {
  const { t } = useTranslation();
  // The same value object while the range is unchanged: a new one (any re-render of the page, e.g.
  // results arriving) makes the picker drop a start date typed before the end date.
  const value = useMemo<[Dayjs | null, Dayjs | null]>(
    () => [from ? dayjs(from) : null, to ? dayjs(to) : null],
    [from, to],
  );
  return (
    <DatePicker.RangePicker
      id={{ start: `${idPrefix}-from`, end: `${idPrefix}-to` }}
      value={value}
      allowEmpty={[true, true]}
      format={WIRE_FORMAT}
      placeholder={[t('search.filter.dateRange.start'), t('search.filter.dateRange.end')]}
      onChange={(dates) =>
        onChange({
          from_date: dates?.[0]?.format(WIRE_FORMAT) ?? undefined,
          to_date: dates?.[1]?.format(WIRE_FORMAT) ?? undefined,
        })
      }
      className={className}
      data-testid={testId}
    />
  );
}
