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
  // Research corrections: a note's sector and its companies' ratings.
  sector: 'sector',
  rating_normalised: 'rating',
  rating_action: 'ratingAction',
};

/** Keys whose label the research edit form already has (a note's companies and sector). */
const KEY_LABELS: Record<string, string> = {
  stock_information: 'researchEdit.companies',
  ticker: 'researchEdit.ticker',
  company_name: 'researchEdit.companyName',
  rating: 'researchEdit.rating',
  rating_normalised: 'researchEdit.ratingNormalised',
  rating_action: 'researchEdit.ratingAction',
  previous_rating: 'researchEdit.previousRating',
  target_price_value: 'researchEdit.target',
  currency: 'researchEdit.currency',
  previous_target_price: 'researchEdit.previousTarget',
  sector: 'researchEdit.sector',
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

  const key = (name: string): string =>
    known(`admin.audit.key.${name}`) ?? (KEY_LABELS[name] && known(KEY_LABELS[name])) ?? name;

  /** A company in one line: its name and ticker, rating and target ("Adobe (ADBE) · Buy · 600 USD"). */
  const company = (c: Record<string, unknown>): string => {
    const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
    const name = text(c.company_name);
    const ticker = text(c.ticker);
    const rating = text(c.rating) || (c.rating_normalised ? word('rating', text(c.rating_normalised)) : '');
    const target = text(c.target_price_value) && `${text(c.target_price_value)} ${text(c.currency)}`.trim();
    return [name && ticker ? `${name} (${ticker})` : name || ticker, rating, target]
      .filter(Boolean)
      .join(' · ');
  };

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
    if (typeof stored === 'object' && !Array.isArray(stored) && 'ticker' in stored)
      return shortValue(company(stored as Record<string, unknown>));
    return shortValue(stored);
  };

  return { key, value };
}
