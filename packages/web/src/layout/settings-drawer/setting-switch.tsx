import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppSettings } from '../../config/app-settings';
import type { MessageKey } from '../../locale/en-US';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { SettingRow } from './setting-row';

type BooleanSetting = {
  [K in keyof AppSettings]: AppSettings[K] extends boolean ? K : never;
}[keyof AppSettings];

interface SettingSwitchProps {
  setting: BooleanSetting;
  label: MessageKey;
  /** Runs instead of the plain update, e.g. to load something first. */
  onToggle?(checked: boolean): void;
  /** Why the switch cannot be turned off now (it would hide the last way around); null: it can. */
  keepOnReason?: string | null;
  /**
   * Why this window always shows the part whatever the setting (e.g. a phone's navbar): the
   * switch shows it on and cannot change the saved choice, which the other windows follow.
   */
  shownHereReason?: string | null;
}

/** A switch bound to one boolean app setting. */
export function SettingSwitch({
  setting,
  label,
  onToggle,
  keepOnReason = null,
  shownHereReason = null,
}: SettingSwitchProps) {
  const { t } = useTranslation();
  const saved = useAppSettingsStore((s) => s[setting]);
  const updateSettings = useAppSettingsStore((s) => s.updateSettings);
  const checked = saved || shownHereReason !== null;
  const reason = shownHereReason ?? keepOnReason;
  return (
    <SettingRow
      label={t(label)}
      note={shownHereReason}
      control={
        <Tooltip title={checked ? reason : null}>
          <Switch
            size="small"
            checked={checked}
            disabled={checked && reason !== null}
            aria-label={t(label)}
            data-testid={`setting-${setting}`}
            onChange={(value) => (onToggle ? onToggle(value) : updateSettings({ [setting]: value }))}
          />
        </Tooltip>
      }
    />
  );
}
