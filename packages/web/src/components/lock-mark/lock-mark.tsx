import { LockOutlined } from '@ant-design/icons';
import type { FileLock } from '@rl/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../utils/use-formatters';

/**
 * A report the viewer's plan does not open yet, marked before the click the same way in every
 * list (search results, stars, collections): the lock says when it opens.
 */
export function LockMark({ lock }: { lock: FileLock }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const tip = t('walls.locked.tooltip', { date: format.date(lock.opens_at) ?? lock.opens_at });
  return (
    <Tooltip title={tip}>
      <LockOutlined
        className="rl-lock-mark"
        // Inline: it needs only a gap and a colour, in whichever list holds it.
        style={{ marginInlineEnd: 6, color: 'var(--ant-color-warning, #faad14)' }}
        aria-label={tip}
        data-testid="lock-mark"
      />
    </Tooltip>
  );
}
