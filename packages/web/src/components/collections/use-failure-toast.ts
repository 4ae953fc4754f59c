import { ERROR_CODES } from '@rl/contract/constants';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { ERROR_TOAST_SECONDS } from '../../api/error-catalogue';
import { needsOwnMessage } from '../../api/library-api';
import type { MessageKey } from '../../locale/en-US';
import { useToast } from '../toast/toast-context';

/** Message keys of a failed library action: the general one, and one for a name already taken. */
export interface FailureMessages {
  failed: MessageKey;
  conflict?: MessageKey;
}

/**
 * Says in the action's own words that it failed, unless the error catalogue already answered
 * (login or plans modal, not-found page, a 400 or 429 toast). Error toasts last 5 s.
 */
export function useFailureToast(): (error: unknown, messages: MessageKey | FailureMessages) => void {
  const { t } = useTranslation();
  const toast = useToast();
  return useCallback(
    (error, messages) => {
      if (!needsOwnMessage(error)) return;
      const { failed, conflict } = typeof messages === 'string' ? { failed: messages } : messages;
      const taken = isApiError(error) && error.body?.code === ERROR_CODES.conflict;
      const content = t(taken && conflict ? conflict : failed);
      void toast.error({ content, key: content, duration: ERROR_TOAST_SECONDS });
    },
    [t, toast],
  );
}
