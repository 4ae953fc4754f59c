import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS } from '../../api/error-catalogue';
import { showServerError } from '../account-fields/server-error';
import { useToast } from '../toast/toast-context';

/** Runs a signup call: server errors go on their field or into a toast; success calls `onDone`. */
export function useSignupSubmit<Values>(
  form: FormInstance<Values>,
  call: (values: Values) => Promise<unknown>,
  onDone: () => void,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      await call(values);
      onDone();
    } catch (error) {
      const message = showServerError(form, error, t);
      if (message) void toast.error({ content: message, duration: ERROR_TOAST_SECONDS });
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submit: (values: Values) => void submit(values) };
}
