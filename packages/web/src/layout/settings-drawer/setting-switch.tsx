import { Switch } from 'antd';
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
}

/** A switch bound to one boolean app setting. */
export function SettingSwitch({ setting, label, onToggle }: SettingSwitchProps) {
  const { t } = useTranslation();
  const checked = useAppSettingsStore((s) => s[setting]);
  const updateSettings = useAppSettingsStore((s) => s.updateSettings);
  return (
    <SettingRow
      label={t(label)}
      control={
        <Switch
          size="small"
          checked={checked}
          aria-label={t(label)}
          data-testid={`setting-${setting}`}
          onChange={(value) => (onToggle ? onToggle(value) : updateSettings({ [setting]: value }))}
        />
      }
    />
  );
}
