import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotAuthorizedStore } from '../../stores/not-authorized-store';
import { endSession } from '../../stores/session-actions';

/** 401 while logged in: the server's message or "Login expired", and the way back to login. */
export function NotAuthorizedDialog() {
  const { t } = useTranslation();
  const open = useNotAuthorizedStore((s) => s.open);
  const message = useNotAuthorizedStore((s) => s.message);
  const hide = useNotAuthorizedStore((s) => s.hide);
  const backToLogin = () => {
    hide();
    // The token is already refused: nothing to revoke on the server.
    endSession();
  };
  return (
    <Modal
      open={open}
      closable={false}
      mask={{ closable: false }}
      width={420}
      title={
        <span className="rl-not-authorized__title">
          <ExclamationCircleFilled className="rl-not-authorized__icon" /> {t('errors.notAuthorized.title')}
        </span>
      }
      footer={
        <Button type="primary" onClick={backToLogin} data-testid="back-to-login">
          {t('errors.backToLogin')}
        </Button>
      }
      className="rl-not-authorized-dialog"
    >
      {message ?? t('errors.loginExpired')}
    </Modal>
  );
}
