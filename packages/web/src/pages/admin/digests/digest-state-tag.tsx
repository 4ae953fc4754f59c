import type { DigestState } from '@rl/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DigestState, string> = {
  queued: 'processing',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  skipped: 'default',
};

/** A digest's state, coloured: failed ones stand out. */
export function DigestStateTag({ state }: { state: DigestState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} data-testid="digest-state" data-state={state}>
      {t(`adminDigests.state.${state}`)}
    </Tag>
  );
}
