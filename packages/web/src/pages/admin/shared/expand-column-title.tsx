import { useTranslation } from 'react-i18next';

/** The name of a table's expand-row column, for screen readers only (antd leaves its header empty). */
export function ExpandColumnTitle() {
  const { t } = useTranslation();
  return <span className="rl-visually-hidden">{t('admin.table.expand')}</span>;
}
