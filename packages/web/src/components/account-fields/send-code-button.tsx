import { CODE_RESEND_S } from '@rl/contract/constants';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { useCountdown } from './use-countdown';

export interface SendCodeButtonProps {
  /**
   * Sends the code; resolves with the seconds before another may be sent (the server's
   * `resend_after_s`), or rejects. Rejecting with no ApiError (e.g. a field that is not valid
   * yet) sends nothing and starts no countdown.
   */
  onSend(): Promise<number | void>;
}

/**
 * The send-code button (SPEC.md section 4): after a click it stays disabled for 60 s and shows the
 * seconds left. A server that says "too early" (429) keeps the countdown; other failures end it.
 */
export function SendCodeButton({ onSend }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      start(CODE_RESEND_S);
      const resendAfter = await onSend();
      if (typeof resendAfter === 'number' && resendAfter > 0) start(resendAfter);
    } catch (error) {
      if (!isApiError(error) || error.status !== 429) start(0);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} disabled={remaining > 0} loading={sending} data-testid="send-code">
      {remaining > 0 ? t('login.form.resendIn', { seconds: remaining }) : t('login.form.sendCode')}
    </Button>
  );
}
