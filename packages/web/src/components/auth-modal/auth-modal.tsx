import { Alert, Button, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../layout/navbar/language-switch';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useSiteStore } from '../../stores/site-store';
import '../account-fields/account-fields.css';
import { IcpLine } from './icp-line';
import { LoginForm } from './login-form';
import { SignupPanel } from './signup-panel';

/** The shared login/signup modal with its language switch (SPEC.md sections 2 and 4). */
export function AuthModal() {
  const { t } = useTranslation();
  const visible = useAuthModalStore((s) => s.visible);
  const mode = useAuthModalStore((s) => s.mode);
  const reason = useAuthModalStore((s) => s.reason);
  const close = useAuthModalStore((s) => s.close);
  const toggleMode = useAuthModalStore((s) => s.toggleMode);
  const loadSite = useSiteStore((s) => s.load);

  useEffect(() => {
    void loadSite();
  }, [loadSite]);

  return (
    <Modal
      open={visible}
      onCancel={close}
      footer={null}
      width={440}
      destroyOnHidden
      title={
        <div className="rl-auth-modal__title">
          <span>{mode === 'login' ? t('login.title') : t('signup.title')}</span>
          <LanguageSwitch />
        </div>
      }
      className="rl-auth-modal"
    >
      {reason && <Alert type="warning" showIcon title={t(reason)} className="rl-auth-modal__notice" />}
      {mode === 'login' ? <LoginForm /> : <SignupPanel key="signup" />}
      <Button type="link" block onClick={toggleMode} data-testid="auth-mode-toggle">
        {mode === 'login' ? t('login.toSignup') : t('signup.toLogin')}
      </Button>
      {mode === 'login' && <IcpLine />}
    </Modal>
  );
}
