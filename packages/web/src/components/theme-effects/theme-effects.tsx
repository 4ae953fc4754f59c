import { theme as antdTheme } from 'antd';
import { useLayoutEffect } from 'react';
import { useAppSettingsStore } from '../../stores/app-settings-store';

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
    const variables: Record<string, string> = {
      '--rl-color-primary': token.colorPrimary,
      '--rl-color-primary-bg': token.colorPrimaryBg,
      '--rl-color-primary-border': token.colorPrimaryBorder,
      '--rl-bg-layout': token.colorBgLayout,
      '--rl-bg-container': token.colorBgContainer,
      '--rl-bg-elevated': token.colorBgElevated,
      '--rl-fill': token.colorFillTertiary,
      '--rl-fill-secondary': token.colorFillSecondary,
      '--rl-border': token.colorBorderSecondary,
      '--rl-text': token.colorText,
      '--rl-text-secondary': token.colorTextSecondary,
      '--rl-text-tertiary': token.colorTextTertiary,
      // cyan-8: 5.8:1 on cyan-1 (cyan-7 is 3.4:1).
      '--rl-cyan-text': token.cyan8,
      '--rl-cyan-bg': token.cyan1,
      '--rl-cyan-border': token.cyan3,
      '--rl-mark-bg': theme === 'dark' ? 'rgba(250, 173, 20, 0.35)' : token.colorWarningBgHover,
      '--rl-radius': `${token.borderRadius}px`,
      '--rl-radius-lg': `${token.borderRadiusLG}px`,
      '--rl-shadow': token.boxShadowTertiary,
    };
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
