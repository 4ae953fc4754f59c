import { Alert, Button } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSubscriptionModalStore } from '../../../stores/subscription-modal-store';
import { useFormatters } from '../../../utils/use-formatters';
import type { UploadProblem } from './pre-check';

function problemText(problem: UploadProblem, t: TFunction, size: (bytes: number) => string): string {
  switch (problem.kind) {
    case 'notPdf':
      return t('upload.check.notPdf');
    case 'empty':
      return t('upload.check.empty');
    case 'tooLarge':
      return t('upload.check.tooLarge', { size: size(problem.size), max: size(problem.max) });
    case 'noFilesLeft':
      return t('upload.check.noFilesLeft', { max: problem.max });
    case 'noStorageLeft':
      return t('upload.check.noStorageLeft', { size: size(problem.size), left: size(problem.left) });
  }
}

interface UploadProblemAlertProps {
  problem: UploadProblem;
  /** Offer the plans when an upgrade would lift the limit. */
  canUpgrade: boolean;
}

/** Why the chosen file will not be sent, said before sending it. */
export function UploadProblemAlert({ problem, canUpgrade }: UploadProblemAlertProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const openPlans = useSubscriptionModalStore((s) => s.open);
  const offerPlans = canUpgrade && 'plan' in problem;
  return (
    <Alert
      type="warning"
      showIcon
      title={problemText(problem, t, format.size)}
      action={
        offerPlans ? (
          <Button size="small" type="primary" ghost onClick={openPlans}>
            {t('upload.seePlans')}
          </Button>
        ) : undefined
      }
      data-testid="upload-problem"
    />
  );
}
