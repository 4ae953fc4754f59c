import type { PlanId } from '@rl/contract/constants';
import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useSubscriptionModalStore } from '../../stores/subscription-modal-store';
import { isLoggedIn, useUserStore } from '../../stores/user-store';
import { PlanCards } from '../plans/plan-cards';
import { useToast } from '../toast/toast-context';
import { WallNotice } from './wall-notice';

/** How long the modal stays after "subscribe" (SPEC.md section 9). */
export const SUBSCRIBE_CLOSE_MS = 1500;

/**
 * The plans modal, opened by the 403 rule of the error catalogue (saying which wall was hit and
 * when it lifts) and by "Renew plan". Subscribing or renewing tells a user to contact an administrator and
 * closes the modal after 1.5 s; a visitor is asked to sign up or log in first. The backdrop and
 * the close button close it.
 */
export function SubscriptionModal() {
  const { t } = useTranslation();
  const toast = useToast();
  const visible = useSubscriptionModalStore((s) => s.visible);
  const wall = useSubscriptionModalStore((s) => s.wall);
  const close = useSubscriptionModalStore((s) => s.close);
  const loggedIn = useUserStore(isLoggedIn);
  const currentPlan = useUserStore((s) => s.user?.plan);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const subscribe = (planId: PlanId) => {
    if (!loggedIn) {
      // A plan belongs to an account: the visitor signs up (or logs in) first.
      close();
      const auth = useAuthModalStore.getState();
      auth.setMode('signup');
      auth.open('walls.signUpFirst');
      return;
    }
    // Renewing goes the same way as subscribing: through an administrator.
    void toast.info(t(planId === currentPlan ? 'plan.contactAdminRenew' : 'plan.contactAdmin'));
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
      {wall && <WallNotice wall={wall} />}
      <PlanCards onSubscribe={subscribe} />
    </Modal>
  );
}
