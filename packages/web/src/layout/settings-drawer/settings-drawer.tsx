import { CopyOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, ColorPicker, Divider, Drawer, InputNumber, Space, Switch } from 'antd';
import { useToast } from '../../components/toast/toast-context';
import { useTranslation } from 'react-i18next';
import { MAX_MENU_WIDTH, MIN_MENU_WIDTH } from '../../config/app-settings';
import { currentSettings, useAppSettingsStore } from '../../stores/app-settings-store';
import { copyText } from '../../utils/copy-text';
import { useViewport } from '../../utils/use-viewport';
import { SettingRow } from './setting-row';
import { SettingSwitch } from './setting-switch';
import { useServerMenuToggle } from './use-server-menu-toggle';

interface SettingsDrawerProps {
  open: boolean;
  onClose(): void;
}

const PRESET_COLOURS = [
  '#165DFF',
  '#0FC6C2',
  '#00B42A',
  '#722ED1',
  '#F53F3F',
  '#FF7D00',
  '#F7BA1E',
  '#3491FA',
];

/** The page configuration: every setting applies live and is kept across reloads. */
export function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const themeColor = useAppSettingsStore((s) => s.themeColor);
  const theme = useAppSettingsStore((s) => s.theme);
  const menuWidth = useAppSettingsStore((s) => s.menuWidth);
  const updateSettings = useAppSettingsStore((s) => s.updateSettings);
  const navbar = useAppSettingsStore((s) => s.navbar);
  const menu = useAppSettingsStore((s) => s.menu);
  // The navbar (account, language, settings) and the menu (the pages) are the ways around: one stays.
  const lastWayAround = t('settings.keepOne');
  const resetSettings = useAppSettingsStore((s) => s.resetSettings);
  const onServerMenuToggle = useServerMenuToggle();
  // A narrow window always shows the navbar (it holds the menu button).
  const { narrow } = useViewport();

  const copySettings = async () => {
    const copied = await copyText(JSON.stringify(currentSettings(), null, 2));
    if (copied) void toast.success(t('settings.copySettings.done'));
    else void toast.error(t('settings.copySettings.failed'), 5);
  };

  return (
    <Drawer
      title={t('settings.title')}
      open={open}
      onClose={onClose}
      size={360}
      data-testid="settings-drawer"
      footer={
        <Space orientation="vertical" className="rl-settings__footer">
          <Button type="primary" block icon={<CopyOutlined />} onClick={() => void copySettings()}>
            {t('settings.copySettings')}
          </Button>
          <Button block icon={<UndoOutlined />} onClick={resetSettings}>
            {t('settings.reset')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon title={t('settings.alert')} className="rl-settings__alert" />
      <Divider titlePlacement="start">{t('settings.section.theme')}</Divider>
      <SettingRow
        label={t('settings.themeColor')}
        control={
          <ColorPicker
            size="small"
            value={themeColor}
            disabledAlpha
            presets={[{ label: t('settings.themeColor'), colors: PRESET_COLOURS }]}
            onChangeComplete={(colour) => updateSettings({ themeColor: colour.toHexString().slice(0, 7) })}
          />
        }
      />
      <SettingRow
        label={t('settings.darkTheme')}
        control={
          <Switch
            size="small"
            checked={theme === 'dark'}
            aria-label={t('settings.darkTheme')}
            onChange={(dark) => updateSettings({ theme: dark ? 'dark' : 'light' })}
          />
        }
      />
      <Divider titlePlacement="start">{t('settings.section.content')}</Divider>
      <SettingSwitch
        setting="navbar"
        label="settings.navbar"
        keepOnReason={menu ? null : lastWayAround}
        shownHereReason={narrow ? t('settings.navbarNarrow') : null}
      />
      {!navbar && !narrow && (
        <Alert
          type="info"
          showIcon
          title={t('settings.navbarHidden')}
          className="rl-settings__alert"
          data-testid="navbar-hidden-note"
        />
      )}
      <SettingSwitch
        setting="menu"
        label="settings.menu"
        keepOnReason={navbar || narrow ? null : lastWayAround}
      />
      <SettingSwitch setting="topMenu" label="settings.topMenu" />
      <SettingSwitch setting="tabBar" label="settings.tabBar" />
      <SettingSwitch setting="footer" label="settings.footer" />
      <SettingSwitch setting="menuFromServer" label="settings.menuFromServer" onToggle={onServerMenuToggle} />
      <SettingRow
        label={t('settings.menuWidth')}
        control={
          <InputNumber
            size="small"
            min={MIN_MENU_WIDTH}
            max={MAX_MENU_WIDTH}
            step={10}
            value={menuWidth}
            aria-label={t('settings.menuWidth')}
            onChange={(value) => value !== null && updateSettings({ menuWidth: value })}
          />
        }
      />
      <Divider titlePlacement="start">{t('settings.section.other')}</Divider>
      <SettingSwitch setting="colorWeak" label="settings.colorWeak" />
    </Drawer>
  );
}
