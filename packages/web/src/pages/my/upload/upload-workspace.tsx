import type { UserInfo } from '@rl/contract';
import { effectivePlan } from '@rl/contract/constants';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { featureWall } from '../../../api/wall';
import { useSubscriptionModalStore } from '../../../stores/subscription-modal-store';
import { MyFilesTable } from './my-files-table';
import { uploadLimits } from './pre-check';
import { UploadPanel } from './upload-panel';
import { useMyFiles, useRefreshMyFiles } from './use-my-files';
import { UsageSummary } from './usage-summary';

/** The logged-in upload page: usage, the chooser with its progress, and my files. */
export function UploadWorkspace({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const myFiles = useMyFiles(page);
  const refresh = useRefreshMyFiles();
  const plan = effectivePlan(user.user_level, user.user_level_expire_time, new Date());
  const usage = myFiles.data?.usage;
  return (
    <div className="rl-upload-page" data-testid="upload-page">
      <UsageSummary usage={usage} />
      <UploadPanel
        limits={uploadLimits(plan, usage)}
        freePlan={!plan.publishing}
        onUploaded={() => {
          setPage(1);
          void refresh();
        }}
      />
      {!plan.publishing && (
        // Why Publish is greyed out, said where a phone (no hover) shows it too.
        <Alert
          type="info"
          showIcon
          title={t('upload.publish.paidOnly')}
          action={
            <Button
              size="small"
              onClick={() =>
                useSubscriptionModalStore.getState().openWall(featureWall(t('upload.publish.paidOnly')))
              }
              data-testid="publish-plans"
            >
              {t('walls.blocked.plans')}
            </Button>
          }
          data-testid="publish-paid-only"
        />
      )}
      <MyFilesTable
        data={myFiles.data}
        loading={myFiles.isPending}
        page={page}
        onPage={setPage}
        canPublish={plan.publishing}
      />
    </div>
  );
}
