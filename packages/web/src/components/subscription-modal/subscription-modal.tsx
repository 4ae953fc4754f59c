import { CrownOutlined } from '@ant-design/icons';
import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../router/route-meta';
import { useSubscriptionModalStore } from '../../stores/subscription-modal-store';

/** Opened when the server answers 403 (a plan limit). The plan cards arrive with the plans issue. */
export function SubscriptionModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const visible = useSubscriptionModalStore((s) => s.visible);
  const close = useSubscriptionModalStore((s) => s.close);
  return (
    <Modal
      open={visible}
      onCancel={close}
      footer={null}
      title={t('subscription.modal.title')}
      className="rl-subscription-modal"
    >
      <Result
        icon={<CrownOutlined />}
        subTitle={t('subscription.modal.body')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              close();
              void navigate(PATHS.contactUs);
            }}
          >
            {t('subscription.modal.contact')}
          </Button>
        }
      />
    </Modal>
  );
}
