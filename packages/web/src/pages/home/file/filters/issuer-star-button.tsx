import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryApi, OWN_FAILURE_MESSAGE } from '../../../../api/library-api';
import { useFailureToast } from '../../../../components/collections/use-failure-toast';
import { useLibraryCache } from '../../../../components/collections/use-library-cache';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { isLoggedIn } from '../../../../stores/user-store';

/** Keeps a click on the star from choosing the option (and the dropdown from closing). */
const keepOption = (event: MouseEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/**
 * Stars or unstars an issuer from its option row, so it lists under 'My favourites'; the lists
 * are fetched again once the server saved it. A visitor is asked to log in.
 */
export function IssuerStarButton({ name, starred }: { name: string; starred: boolean }) {
  const { t } = useTranslation();
  const cache = useLibraryCache();
  const reportFailure = useFailureToast();
  const star = useMutation({
    mutationFn: (active: boolean) => libraryApi.starIssuer(name, active, OWN_FAILURE_MESSAGE),
    // Pending until the refreshed lists arrive, so the star never flickers back.
    onSuccess: () => cache.refreshIssuers(),
    onError: (error) => reportFailure(error, 'search.filter.issuer.starFailed'),
  });
  const shown = star.isPending ? star.variables : starred;
  const label = shown ? t('search.filter.issuer.unstar', { name }) : t('search.filter.issuer.star', { name });
  const toggle = (event: MouseEvent) => {
    keepOption(event);
    if (!isLoggedIn()) {
      useAuthModalStore.getState().open('search.filter.issuer.starRequiresLogin');
      return;
    }
    if (!star.isPending) star.mutate(!starred);
  };
  return (
    <button
      type="button"
      className={shown ? 'rl-issuer-star rl-issuer-star--on' : 'rl-issuer-star'}
      title={label}
      aria-label={label}
      aria-pressed={shown}
      onMouseDown={keepOption}
      onClick={toggle}
      data-testid={`issuer-star-${name}`}
    >
      {shown ? <StarFilled /> : <StarOutlined />}
    </button>
  );
}
