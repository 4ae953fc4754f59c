import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerCatalogueHandler } from '../../api/catalogue-handler';
import { ERROR_TOAST_SECONDS, type CatalogueAction } from '../../api/error-catalogue';
import { PATHS } from '../../router/route-meta';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useNotAuthorizedStore } from '../../stores/not-authorized-store';
import { useSubscriptionModalStore } from '../../stores/subscription-modal-store';
import { useToast } from '../toast/toast-context';

/** Carries out the error catalogue's actions with the app's toasts, dialogs and router. */
export function CatalogueBridge() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    const perform = (action: CatalogueAction) => {
      switch (action.kind) {
        case 'toast': {
          const content = action.message ?? t(action.fallbackKey, action.params);
          void toast.error({ content, key: content, duration: ERROR_TOAST_SECONDS });
          return;
        }
        case 'openLogin':
          useAuthModalStore.getState().open();
          return;
        case 'openSubscription':
          toast.destroy();
          useSubscriptionModalStore.getState().openWall(action.wall);
          return;
        case 'goToNotFound':
          void navigate(PATHS.notFound, { replace: true });
          return;
        case 'notAuthorizedModal':
          useNotAuthorizedStore.getState().show(action.message);
          return;
        case 'none':
          return;
      }
    };
    return registerCatalogueHandler(perform);
  }, [t, toast, navigate]);

  return null;
}
