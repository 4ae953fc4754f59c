import type { GlobalToken } from 'antd';

/**
 * The CSS variables of the app's own styles, from antd's theme token: set on the document by
 * ThemeEffects, and written into a first paint rendered on the server (first-paint/).
 */
export function appThemeVariables(token: GlobalToken, theme: 'light' | 'dark'): Record<string, string> {
  return {
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
}
