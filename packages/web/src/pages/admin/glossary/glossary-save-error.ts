import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../api/api-error';
import { adminErrorMessage } from '../layout/admin-failure';

const FIELDS = ['zh', 'en', 'domain'];

/**
 * Shows a refused save on the term form: a 400 on the field it names (`en.1` is a form of `en`),
 * a 409 (a Chinese form already belongs to another term) on the Chinese forms unless it names
 * another field. Anything else answers the console's message for it, for a toast; null when
 * shown on the form, or when the session ended (the console leads to its login).
 */
export function showSaveError(form: FormInstance, error: unknown, t: TFunction): string | null {
  if (!isApiError(error)) return t('errors.request.failed');
  if (error.status === 401) return null;
  const named = error.body?.field?.split('.')[0];
  const field = named && FIELDS.includes(named) ? named : error.status === 409 ? 'zh' : null;
  if (!field || (error.status !== 400 && error.status !== 409)) return adminErrorMessage(error, t);
  form.setFields([{ name: field, errors: [adminErrorMessage(error, t)] }]);
  return null;
}
