import { LockOutlined } from '@ant-design/icons';
import { Alert, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../layout/navbar/language-switch';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { useAuthModalStore } from '../../stores/auth-modal-store';

/**
 * The shared login/signup modal with its language switch. The forms arrive with the accounts
 * issue; the slot, its store and every way of opening it are wired now.
 */
export function AuthModal() {
  const { t } = useTranslation();
  const visible = useAuthModalStore((s) => s.visible);
  const mode = useAuthModalStore((s) => s.mode);
  const reason = useAuthModalStore((s) => s.reason);
  const close = useAuthModalStore((s) => s.close);
  const isChineseUser = useAppSettingsStore((s) => s.isChineseUser);

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
      {reason && <Alert type="warning" showIcon title={t(reason)} className="rl-auth-modal__reason" />}
      <Result
        icon={<LockOutlined />}
        title={t('login.placeholder.title')}
        subTitle={t('login.placeholder.body')}
      />
      {isChineseUser && <p className="rl-auth-modal__icp">{t('login.icp')}</p>}
    </Modal>
  );
}
