import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useSiteStore } from '../../stores/site-store';
import { EmailSignupForm } from './email-signup-form';
import { PhoneSignupForm } from './phone-signup-form';

/** Signup: the form of the deployment's variant, then the success state with a way to log in. */
export function SignupPanel() {
  const { t } = useTranslation();
  const variant = useSiteStore((s) => s.variant);
  const setMode = useAuthModalStore((s) => s.setMode);
  // The new account's username once signed up: the login form starts with it.
  const [done, setDone] = useState<string | null>(null);
  if (done !== null) {
    return (
      <Result
        status="success"
        title={t('signup.success')}
        extra={
          <Button type="primary" onClick={() => setMode('login', done)} data-testid="go-to-login">
            {t('signup.goToLogin')}
          </Button>
        }
        data-testid="signup-success"
      />
    );
  }
  const onDone = (username: string) => setDone(username);
  return variant === 'cn' ? <PhoneSignupForm onDone={onDone} /> : <EmailSignupForm onDone={onDone} />;
}
