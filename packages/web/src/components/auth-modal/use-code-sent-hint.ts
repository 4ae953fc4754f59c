import type { CodeSentResponse } from '@rl/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The hint under a signup's code field once a message went out: the server answers alike whether
 * the address already has an account (it never tells a stranger), so the message itself says so,
 * and the hint says to read it.
 */
export function useCodeSentHint() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return {
    hint: sentTo ? t('signup.form.codeSent', { sentTo }) : undefined,
    onSent: (sent: CodeSentResponse) => setSentTo(sent.sent_to),
  };
}
