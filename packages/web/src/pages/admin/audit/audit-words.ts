import { useTranslation } from 'react-i18next';
import { useAdminFormat } from '../shared/admin-format';
import { shortValue } from './audit-diff';

/** Where the words of a stored value are, per key (and for `status`, per target type). */
const VALUE_LABELS: Record<string, string> = {
  'user.status': 'admin.users.status',
  'file.status': 'adminContent.files.status',
  'dmca.status': 'adminContent.dmca.status',
  counter_notice: 'adminContent.dmca.status',
  visibility: 'adminContent.files.visibility',
  user_level: 'plan.name',
  role: 'admin.users.role',
  // Glossary terms (glossary.* actions): their domain and where they stand.
  domain: 'admin.glossary.domain',
  origin: 'admin.glossary.origin',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * An audit record's keys and values in words of the interface language: "Status: Received →
 * Accepted", "Handled: No → Yes", times as dates; what has no words shows as it was stored.
 */
export function useAuditWords() {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  // Keys built at run time: i18next's typed keys cannot name them, `exists` guards each.
  const known = (key: string): string | null => (i18n.exists(key) ? t(key as 'admin.audit.before') : null);

  const word = (namespace: string | undefined, value: string): string =>
    (namespace && known(`${namespace}.${value}`)) ?? known(`admin.audit.value.${value}`) ?? value;

  const key = (name: string): string => known(`admin.audit.key.${name}`) ?? name;

  const value = (targetType: string, name: string, stored: unknown): string => {
    if (stored === undefined) return t('admin.audit.value.absent');
    if (stored === null) return t('admin.audit.value.none');
    if (typeof stored === 'boolean') return t(stored ? 'admin.audit.value.yes' : 'admin.audit.value.no');
    const namespace = VALUE_LABELS[`${targetType}.${name}`] ?? VALUE_LABELS[name];
    if (typeof stored === 'string') {
      if (ISO_TIME.test(stored)) return format.dateTime(stored);
      return shortValue(word(namespace, stored));
    }
    if (Array.isArray(stored) && stored.every((item) => typeof item === 'string'))
      return stored.length
        ? shortValue(stored.map((item) => word(namespace, item)).join(', '))
        : t('admin.audit.value.none');
    return shortValue(stored);
  };

  return { key, value };
}
