import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { isLoggedIn, useUserStore } from '../../../../stores/user-store';
import { useViewerStore, viewerStore } from '../../../../stores/viewer-store';

/** Stars the report (optimistic); a visitor is asked to log in first. */
export function StarToggle() {
  const { t } = useTranslation();
  const starred = useViewerStore((s) => s.starred);
  const pending = useViewerStore((s) => s.starPending);
  const token = useUserStore((s) => s.token);
  const label = starred ? t('viewer.unstar') : t('viewer.star');
  const toggle = () => {
    if (!isLoggedIn({ token })) {
      useAuthModalStore.getState().open('viewer.star.requiresLogin');
      return;
    }
    void viewerStore.getState().toggleStar();
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={starred ? <StarFilled className="rl-viewer__star--on" /> : <StarOutlined />}
        aria-label={label}
        aria-pressed={starred}
        disabled={pending}
        onClick={toggle}
        data-testid="star-toggle"
      />
    </Tooltip>
  );
}
