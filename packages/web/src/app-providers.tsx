import { ConfigProvider, theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { ThemeEffects } from './components/theme-effects/theme-effects';
import { cspNonce } from './csp-nonce';
import { ToastProvider } from './components/toast/toast-provider';
import { antdLocaleOf } from './locale/antd-locale';
import { useAppSettingsStore } from './stores/app-settings-store';

/**
 * Built apps carry antd's component styles as static CSS (vite-plugin-antd-static-css.ts): antd
 * then skips generating them at run time, and writes only the theme's CSS variables.
 */
const STATIC_STYLES = import.meta.env.PROD;

/** The page's style nonce, read once: antd's <style> elements carry it (the server's CSP wants it). */
const CSP = { nonce: cspNonce() };

/**
 * Faint text (antd's tertiary, description and placeholder colours: breadcrumb, footer, labels,
 * hints) dark enough for 4.5:1 on the layout's grey and on white; antd's own (45 % black) is 3.3:1.
 * The error red likewise (danger buttons and links, error text): red-7, 5.6:1 (antd's is 3.3:1).
 */
const READABLE_LIGHT = {
  colorError: '#cf1322',
  colorTextTertiary: 'rgba(0, 0, 0, 0.57)',
  colorTextDescription: 'rgba(0, 0, 0, 0.57)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
};
const READABLE_DARK = {
  colorTextTertiary: 'rgba(255, 255, 255, 0.58)',
  colorTextDescription: 'rgba(255, 255, 255, 0.58)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.58)',
};

/** Tags' text a shade darker than antd's (its success and gold text is 2.2 to 3:1 on the tag). */
const READABLE_TAGS = {
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  gold7: '#874d00',
  orange7: '#ad4e00',
};

/** A table's "no data" is antd's disabled grey (1.8:1); here the readable faint text. */
function readableComponents(dark: boolean) {
  const faint = (dark ? READABLE_DARK : READABLE_LIGHT).colorTextTertiary;
  return { Table: { colorTextDisabled: faint }, ...(dark ? {} : { Tag: READABLE_TAGS }) };
}

/** antd's theme and locale from the app settings, and the app's toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useAppSettingsStore((s) => s.theme);
  const themeColor = useAppSettingsStore((s) => s.themeColor);
  const language = useAppSettingsStore((s) => s.language);
  return (
    <ConfigProvider
      csp={CSP}
      locale={antdLocaleOf(language)}
      button={{ autoInsertSpace: false }}
      theme={{
        algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: {
          colorPrimary: themeColor,
          colorInfo: themeColor,
          colorLink: themeColor,
          ...(theme === 'dark' ? READABLE_DARK : READABLE_LIGHT),
        },
        components: readableComponents(theme === 'dark'),
        zeroRuntime: STATIC_STYLES,
      }}
    >
      <ToastProvider>
        <ThemeEffects />
        {children}
      </ToastProvider>
    </ConfigProvider>
  );
}
