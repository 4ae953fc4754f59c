import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Wall } from '../../api/wall';
import type { MessageKey } from '../../locale/en-US';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { useFormatters } from '../../utils/use-formatters';
import './walls.css';

/** A server date ("2027-11-07") or UTC time ("2026-11-22 00:00 UTC") inside a message. */
const SERVER_DATE = /\b(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}) UTC)?\b/g;

/**
 * The server's message with its dates written as the page writes every other date (the user's
 * date format, local time), so one notice never shows one day in two ways.
 */
export function withPageDates(
  message: string,
  format: { date(value: string): string | null; dateTime(value: string): string | null },
): string {
  return message.replace(
    SERVER_DATE,
    (whole, day: string, time: string | undefined) =>
      (time ? format.dateTime(`${day}T${time}:00Z`) : format.date(day)) ?? whole,
  );
}

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
  const renews = format.dateTime(wall.renewsAt);
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
            <div className="rl-wall-notice__message">{withPageDates(wall.message, format)}</div>
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
