import { useTranslation } from 'react-i18next';
import { Chip } from './chip';

/** Marks a report as one of my own uploads, the same way in every list. */
export function MyFileChip() {
  const { t } = useTranslation();
  return <Chip tone="cyan">{t('upload.mine')}</Chip>;
}
