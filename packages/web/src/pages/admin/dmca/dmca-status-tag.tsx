import type { DmcaStatus } from '@rl/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DmcaStatus, string> = {
  received: 'blue',
  under_review: 'gold',
  accepted: 'green',
  rejected: 'default',
  counter_notice: 'purple',
};

/** The state of a complaint, one colour each. */
export function DmcaStatusTag({ status }: { status: DmcaStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="dmca-status" data-status={status}>
      {t(`adminContent.dmca.status.${status}`)}
    </Tag>
  );
}

/** Shown while the complaint's file is taken down. */
export function TakenDownTag() {
  const { t } = useTranslation();
  return (
    <Tag color="red" data-testid="dmca-taken-down">
      {t('adminContent.dmca.takenDown')}
    </Tag>
  );
}
