import { ConfigProvider, theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { ThemeEffects } from './components/theme-effects/theme-effects';
import { ToastProvider } from './components/toast/toast-provider';
import { antdLocaleOf } from './locale/antd-locale';
import { useAppSettingsStore } from './stores/app-settings-store';

/** antd's theme and locale from the app settings, and the app's toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useAppSettingsStore((s) => s.theme);
  const themeColor = useAppSettingsStore((s) => s.themeColor);
  const language = useAppSettingsStore((s) => s.language);
  return (
    <ConfigProvider
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
