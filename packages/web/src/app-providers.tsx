import { ConfigProvider, theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { ThemeEffects } from './components/theme-effects/theme-effects';
import { cspNonce } from './csp-nonce';
import { ToastProvider } from './components/toast/toast-provider';
import { antdLocaleOf } from './locale/antd-locale';
import { useAppSettingsStore } from './stores/app-settings-store';

/** The page's style nonce, read once: antd's <style> elements carry it (the server's CSP wants it). */
const CSP = { nonce: cspNonce() };

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
        token: { colorPrimary: themeColor, colorInfo: themeColor, colorLink: themeColor },
      }}
    >
      <ToastProvider>
        <ThemeEffects />
        {children}
      </ToastProvider>
    </ConfigProvider>
  );
}
