import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../config/app-settings';
import { currentSettings, sanitizeSettings, useAppSettingsStore } from './app-settings-store';

describe('app settings', () => {
  it('defaults: primary colour #165DFF, menu width 269, light theme', () => {
    expect(DEFAULT_APP_SETTINGS).toMatchObject({
      themeColor: '#165DFF',
      menuWidth: 269,
      theme: 'light',
      navbar: true,
    });
  });

  it('drops corrupt stored values', () => {
    expect(sanitizeSettings('garbage')).toEqual(DEFAULT_APP_SETTINGS);
    expect(
      sanitizeSettings({ themeColor: 'red', menuWidth: 9999, theme: 'neon', footer: 'no', tabBar: false }),
    ).toEqual({ ...DEFAULT_APP_SETTINGS, menuWidth: 400, tabBar: false });
  });

  it('keeps settings across reloads in local storage', () => {
    useAppSettingsStore.getState().updateSettings({ footer: false, themeColor: '#00B42A' });
    const stored = JSON.parse(localStorage.getItem('app-settings') ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toMatchObject({ footer: false, themeColor: '#00B42A' });
    expect(stored.state).not.toHaveProperty('serverMenu');
    expect(currentSettings()).toMatchObject({ footer: false, themeColor: '#00B42A' });
    useAppSettingsStore.getState().resetSettings();
    expect(currentSettings()).toEqual(DEFAULT_APP_SETTINGS);
  });

  it('stores the interface language under the locale key', () => {
    useAppSettingsStore.getState().setLanguage('zh-CN');
    expect(localStorage.getItem('locale')).toBe('zh-CN');
    expect(useAppSettingsStore.getState().language).toBe('zh-CN');
  });
});
