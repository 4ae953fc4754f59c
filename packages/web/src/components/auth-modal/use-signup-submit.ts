import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_SECONDS } from '../../api/error-catalogue';
import { showServerError } from '../account-fields/server-error';
import { useToast } from '../toast/toast-context';

/** What a signup answers: the new account, whose username the login form is then given. */
export interface SignedUp {
  user_info: { username: string };
}

/**
 * Runs a signup call: server errors go on their field or into a toast; success calls `onDone`
 * with the new account's username.
 */
export function useSignupSubmit<Values>(
  form: FormInstance<Values>,
  call: (values: Values) => Promise<SignedUp>,
  onDone: (username: string) => void,
) {
  const { t } = useTranslation();
  const toast = useToast();
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      const answer = await call(values);
      onDone(answer.user_info.username);
    } catch (error) {
      const message = showServerError(form, error, t);
      if (message) void toast.error({ content: message, duration: ERROR_TOAST_SECONDS });
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, submit: (values: Values) => void submit(values) };
}
