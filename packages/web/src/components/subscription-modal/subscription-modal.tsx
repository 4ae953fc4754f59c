import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscriptionModalStore } from '../../stores/subscription-modal-store';
import { PlanCards } from '../plans/plan-cards';
import { useToast } from '../toast/toast-context';

/** How long the modal stays after "subscribe" (SPEC.md section 9). */
export const SUBSCRIBE_CLOSE_MS = 1500;

/**
 * The plans modal, opened by the 403 rule of the error catalogue and by "Renew plan". Subscribing
 * tells the user to contact an administrator and closes the modal after 1.5 s; the backdrop and
 * the close button close it.
 */
export function SubscriptionModal() {
  const { t } = useTranslation();
  const toast = useToast();
  const visible = useSubscriptionModalStore((s) => s.visible);
  const close = useSubscriptionModalStore((s) => s.close);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const subscribe = () => {
    void toast.info(t('plan.contactAdmin'));
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(close, SUBSCRIBE_CLOSE_MS);
  };

  return (
    <Modal
      open={visible}
      onCancel={close}
      footer={null}
      width={760}
      title={t('plan.title')}
      className="rl-subscription-modal"
      destroyOnHidden
    >
      <PlanCards onSubscribe={subscribe} />
    </Modal>
  );
}
