const SITE = 'http://site.invalid';

/**
 * The path of this site that `/redirect/{rest}` leads to, never another host: leading slashes and
 * backslashes (`//host`, `/\host`, a decoded `%2F%2F`) and dot segments that climb to `//` would
 * otherwise make a protocol-relative URL, which the browser follows off the site.
 */
export function sitePath(rest: string, search = '', hash = ''): string {
  const url = new URL(`/${rest.replace(/^[\s\\/]+/, '')}${search}${hash}`, SITE);
  if (url.origin !== SITE) return '/';
  return `${url.pathname.replace(/^[\\/]+/, '/')}${url.search}${url.hash}`;
}
