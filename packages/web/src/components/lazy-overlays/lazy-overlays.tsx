import { lazy, Suspense } from 'react';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useNotAuthorizedStore } from '../../stores/not-authorized-store';
import { useSubscriptionModalStore } from '../../stores/subscription-modal-store';
import { useLatch } from '../../utils/use-latch';

const AuthModal = lazy(() =>
  import('../auth-modal/auth-modal').then((module) => ({ default: module.AuthModal })),
);
const SubscriptionModal = lazy(() =>
  import('../subscription-modal/subscription-modal').then((module) => ({
    default: module.SubscriptionModal,
  })),
);
const NotAuthorizedDialog = lazy(() =>
  import('../not-authorized-dialog/not-authorized-dialog').then((module) => ({
    default: module.NotAuthorizedDialog,
  })),
);

/** The login, subscription and not-authorized dialogs, loaded the first time they open. */
export function LazyOverlays() {
  const authOpened = useLatch(useAuthModalStore((s) => s.visible));
  const subscriptionOpened = useLatch(useSubscriptionModalStore((s) => s.visible));
  const notAuthorizedOpened = useLatch(useNotAuthorizedStore((s) => s.open));
  return (
    <Suspense fallback={null}>
      {authOpened && <AuthModal />}
      {subscriptionOpened && <SubscriptionModal />}
      {notAuthorizedOpened && <NotAuthorizedDialog />}
    </Suspense>
  );
}
