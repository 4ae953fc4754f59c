import type { TFunction } from 'i18next';
import type { ApiError } from '../../../api/api-error';

/** What a failed console call says: the server's message, else a translated reason. */
export function adminErrorMessage(error: ApiError, t: TFunction): string {
  if (error.status === 429) return t('errors.request.tooFrequent');
  if (error.kind === 'network') return t('errors.network');
  if (error.kind === 'contract') return t('errors.badResponse');
  return error.serverMessage ?? t('errors.request.failed');
}

/** `/admin/login?redirect=…` for the page the admin was on. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const here = location.pathname + location.search;
  return here.startsWith('/admin') && !here.startsWith('/admin/login')
    ? `/admin/login?redirect=${encodeURIComponent(here)}`
    : '/admin/login';
}

/** Where the login leads: a console page from `redirect`, else the dashboard (never elsewhere). */
export function redirectTarget(redirect: string | null): string {
  if (redirect && /^\/admin(\/|$|\?)/.test(redirect) && !redirect.startsWith('/admin/login')) return redirect;
  return '/admin/dashboard';
}
