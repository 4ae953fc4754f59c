import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Wall } from '../../api/wall';
import type { MessageKey } from '../../locale/en-US';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { formatDateTime } from '../../utils/format';
import { useFormatters } from '../../utils/use-formatters';
import './walls.css';

/**
 * Which wall was hit, in the user's language: the rule (from its reason code), the server's
 * message, the numbers (used of limit) and when it lifts (renewal, or the day a report opens).
 */
export function WallNotice({ wall }: { wall: Wall }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const locale = useAppSettingsStore((s) => s.language);
  const facts: string[] = [];
  if (wall.limit !== null && wall.used !== null && wall.reason !== 'upload_bytes')
    facts.push(t('walls.used', { used: format.number(wall.used), limit: format.number(wall.limit) }));
  else if (wall.limit !== null && wall.reason !== 'upload_bytes' && wall.reason !== 'storage')
    facts.push(t('walls.limit', { limit: format.number(wall.limit) }));
  const renews = formatDateTime(wall.renewsAt, locale);
  if (renews) facts.push(t('walls.renewsAt', { when: renews }));
  const opens = format.date(wall.opensAt);
  if (opens) facts.push(t('walls.opensAt', { date: opens }));
  return (
    <Alert
      type="warning"
      showIcon
      className="rl-wall-notice"
      data-testid="wall-notice"
      data-reason={wall.reason ?? undefined}
      title={t(`walls.reason.${wall.reason ?? 'unknown'}` as MessageKey)}
      description={
        <>
          {/* The server's words, while they are in the interface's language. */}
          {wall.message && wall.language === locale && (
            <div className="rl-wall-notice__message">{wall.message}</div>
          )}
          {facts.length > 0 && (
            <div className="rl-wall-notice__facts" data-testid="wall-facts">
              {facts.join(' · ')}
            </div>
          )}
        </>
      }
    />
  );
}
