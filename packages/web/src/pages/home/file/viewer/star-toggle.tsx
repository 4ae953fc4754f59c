import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFailureToast } from '../../../../components/collections/use-failure-toast';
import { useLibraryCache } from '../../../../components/collections/use-library-cache';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../../../stores/user-store';
import { useViewerStore, viewerStore } from '../../../../stores/viewer-store';

/**
 * Stars the report (optimistic); a visitor is asked to log in first. When the call fails the star
 * goes back and a message says so (unless the catalogue already answered with a dialog).
 */
export function StarToggle() {
  const { t } = useTranslation();
  const reportFailure = useFailureToast();
  const cache = useLibraryCache();
  const starred = useViewerStore((s) => s.starred);
  const pending = useViewerStore((s) => s.starPending);
  const token = useUserStore((s) => s.token);
  const label = starred ? t('viewer.unstar') : t('viewer.star');
  const toggle = async () => {
    if (!isLoggedIn({ token })) {
      useAuthModalStore.getState().open('viewer.star.requiresLogin');
      return;
    }
    const outcome = await viewerStore.getState().toggleStar();
    if (outcome.kind === 'saved') void cache.noteStarred(outcome.fileId, outcome.starred);
    else if (outcome.kind === 'reverted') reportFailure(outcome.error, 'viewer.star.failed');
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={starred ? <StarFilled className="rl-viewer__star--on" /> : <StarOutlined />}
        aria-label={label}
        aria-pressed={starred}
        disabled={pending}
        onClick={() => void toggle()}
        data-testid="star-toggle"
      />
    </Tooltip>
  );
}
