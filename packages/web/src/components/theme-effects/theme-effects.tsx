import { theme as antdTheme } from 'antd';
import { useLayoutEffect } from 'react';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { appThemeVariables } from './theme-variables';

/**
 * Applies the theme outside antd's components: CSS variables for the app's own styles, the
 * colour-weak filter, the browser's theme colour and the colour scheme.
 */
export function ThemeEffects() {
  const { token } = antdTheme.useToken();
  const theme = useAppSettingsStore((s) => s.theme);
  const colorWeak = useAppSettingsStore((s) => s.colorWeak);

  useLayoutEffect(() => {
    const root = document.documentElement;
    const variables = appThemeVariables(token, theme);
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme === 'dark' ? token.colorBgContainer : token.colorPrimary);
  }, [token, theme]);

  useLayoutEffect(() => {
    document.documentElement.classList.toggle('rl-color-weak', colorWeak);
  }, [colorWeak]);

  return null;
}
