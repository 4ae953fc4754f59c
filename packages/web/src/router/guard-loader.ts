import { redirect, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { useAuthModalStore } from '../stores/auth-modal-store';
import { isLoggedIn, rolesOf, useUserStore } from '../stores/user-store';
import { decideNavigation, type GuardContext } from './guards';
import { routeMeta, type RouteName } from './route-meta';

export function currentGuardContext(): GuardContext {
  const user = useUserStore.getState();
  const settings = useAppSettingsStore.getState();
  return {
    loggedIn: isLoggedIn(user),
    roles: rolesOf(user.user),
    menuFromServer: settings.menuFromServer,
    serverMenu: settings.serverMenu,
  };
}

/** A loader that runs the navigation guards before the route renders, so no page flashes. */
export function guardLoader(name: RouteName): LoaderFunction {
  return () => {
    const decision = decideNavigation(name, currentGuardContext());
    if (decision.kind === 'allow') return null;
    if (decision.reason === 'login') useAuthModalStore.getState().open('login.reason.requiresLogin');
    return redirect(routeMeta(decision.to).path);
  };
}

/**
 * Guards run again when the path changes or on an explicit revalidation (login, logout, menu
 * change), not when only the query changes (search filters live in the query).
 */
export const revalidateOnPathChange: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname !== nextUrl.pathname || (currentUrl.href === nextUrl.href && defaultShouldRevalidate);
