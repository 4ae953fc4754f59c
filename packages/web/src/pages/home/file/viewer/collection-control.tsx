import { FolderAddOutlined, FolderFilled } from '@ant-design/icons';
import type { FileInfo } from '@rl/contract';
import type { FilePermission } from '@rl/contract/constants';
import { Button, Popover, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { featureWall } from '../../../../api/wall';
import { CollectionPicker } from '../../../../components/collections/collection-picker';
import { useFileCollections } from '../../../../components/collections/use-file-collections';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { useSubscriptionModalStore } from '../../../../stores/subscription-modal-store';
import { isLoggedIn, useUserStore } from '../../../../stores/user-store';

const COLLECT: FilePermission = 'collect';

/**
 * 'Add to collection'. With the plan's permission it opens my collections to tick; a visitor is
 * asked to log in, and a free plan is shown the plans with the reason.
 */
export function CollectionControl({ info }: { info: FileInfo }) {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  if (isLoggedIn({ token }) && info.permission.includes(COLLECT))
    return <CollectionPopover fileId={info.id} />;
  const explain = () => {
    if (isLoggedIn({ token }))
      useSubscriptionModalStore.getState().openWall(featureWall(t('viewer.collect.paidOnly')));
    else useAuthModalStore.getState().open('viewer.collect.requiresLogin');
  };
  return <CollectionButton label={t('viewer.collect')} inAny={false} onClick={explain} />;
}

function CollectionPopover({ fileId }: { fileId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const file = useFileCollections(fileId);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('viewer.collect')}
      content={<CollectionPicker file={file} />}
      destroyOnHidden
    >
      <CollectionButton
        label={file.inAny ? t('viewer.collect.inCollections') : t('viewer.collect')}
        inAny={file.inAny}
        expanded={open}
      />
    </Popover>
  );
}

interface CollectionButtonProps {
  label: string;
  inAny: boolean;
  expanded?: boolean;
  onClick?(): void;
}

function CollectionButton({ label, inAny, expanded, onClick, ...trigger }: CollectionButtonProps) {
  return (
    <Tooltip title={expanded ? null : label}>
      <Button
        {...trigger}
        type="text"
        icon={inAny ? <FolderFilled className="rl-viewer__collected" /> : <FolderAddOutlined />}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={expanded}
        onClick={onClick}
        data-testid="collection-control"
      />
    </Tooltip>
  );
}
