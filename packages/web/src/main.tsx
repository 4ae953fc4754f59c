import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadContract } from './api/contract';
import { forgetPageAnswers } from './api/page-answers';
import { AppProviders } from './app-providers';
import { nonceScriptedStyles } from './csp-nonce';
import { rememberFirstPaintKey } from './first-paint/first-paint-key';
import { applyLocale, initI18n, loadLocale } from './locale/i18n';
import { AppRouter } from './router/app-router';
import { attachNavigationProgress } from './router/navigation-progress';
import { createAppRouter } from './router/routes';
import { useAppSettingsStore } from './stores/app-settings-store';
import { refreshUserInfo } from './stores/session-actions';
import { searchStore } from './stores/search-store';
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

/** Whether the page shows a first paint the server rendered (first-paint/), which the app replaces. */
function showsFirstPaint(container: HTMLElement): boolean {
  const paint = document.documentElement.getAttribute('data-first-paint');
  return paint !== null && paint !== 'off' && container.querySelector('.rl-first-paint') !== null;
}

/**
 * Resolves once the router has run the page's guards and the search it started has its answer:
 * rendered then, the app's first screen replaces a first paint with the same page, never with a
 * blank or a skeleton.
 */
function pageReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  const ready = () => router.state.initialized && !searchStore.getState().loading;
  return new Promise((resolve) => {
    if (ready()) return resolve();
    const check = () => {
      if (!ready()) return;
      stopRouter();
      stopSearch();
      resolve();
    };
    const stopRouter = router.subscribe(check);
    const stopSearch = searchStore.subscribe(check);
  });
}

async function startApp(container: HTMLElement): Promise<void> {
  nonceScriptedStyles();
  rememberFirstPaintKey();
  const firstPaint = showsFirstPaint(container);
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

  if (firstPaint) await pageReady(router);
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
void prepareLocale()
  .then(() => startApp(container))
  .finally(forgetPageAnswers);
