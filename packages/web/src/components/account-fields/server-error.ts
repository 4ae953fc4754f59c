import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/api-error';

/**
 * What a form shows for a failed call it handles itself: the server's message on the field it
 * names (when the form has that field), else a message for a toast, which is returned.
 */
export function showServerError(form: FormInstance, error: unknown, t: TFunction): string | null {
  if (!isApiError(error)) return t('errors.request.failed');
  if (error.status === 429) return t('errors.request.tooFrequent');
  const field = error.body?.field;
  const message = error.serverMessage ?? t('errors.request.failed');
  if (field && field in (form.getFieldsValue() as object)) {
    form.setFields([{ name: field, errors: [message] }]);
    return null;
  }
  return message;
}
