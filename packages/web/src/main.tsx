import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadContract } from './api/contract';
import { AppProviders } from './app-providers';
import { nonceScriptedStyles } from './csp-nonce';
import { applyLocale, initI18n, loadLocale } from './locale/i18n';
import { AppRouter } from './router/app-router';
import { attachNavigationProgress } from './router/navigation-progress';
import { createAppRouter } from './router/routes';
import { useAppSettingsStore } from './stores/app-settings-store';
import { refreshUserInfo } from './stores/session-actions';
import { isLoggedIn, useUserStore } from './stores/user-store';
import './styles/global.css';

/** Loads the stored interface language (English is built in); falls back to English if that fails. */
async function prepareLocale(): Promise<void> {
  initI18n();
  const { language } = useAppSettingsStore.getState();
  try {
    await loadLocale(language);
  } catch (error) {
    console.error(`The ${language} messages could not be loaded`, error);
    useAppSettingsStore.getState().setLanguage('en-US');
  }
  applyLocale(useAppSettingsStore.getState().language);
}

function startApp(container: HTMLElement): void {
  nonceScriptedStyles();
  const router = createAppRouter();
  attachNavigationProgress(router);

  // The guards run again when the session or the server menu changes.
  useUserStore.subscribe((state, previous) => {
    if (state.token !== previous.token || state.user !== previous.user) void router.revalidate();
  });
  useAppSettingsStore.subscribe((state, previous) => {
    if (state.serverMenu !== previous.serverMenu || state.menuFromServer !== previous.menuFromServer) {
      void router.revalidate();
    }
  });

  // A stored token: fetch who it belongs to (a refused token shows "Login expired").
  if (isLoggedIn()) void refreshUserInfo().catch(() => undefined);

  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a phone's main thread for half a second.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// The contract's schemas check every answer; fetch them while the first screen renders.
void loadContract();
void prepareLocale().then(() => startApp(container));
