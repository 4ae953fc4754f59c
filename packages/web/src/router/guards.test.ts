import { describe, expect, it } from 'vitest';
import { decideNavigation, firstPermittedRoute, rolesAllow, type GuardContext } from './guards';
import type { RouteMeta } from './route-meta';

const visitor: GuardContext = { loggedIn: false, roles: ['user'], menuFromServer: false, serverMenu: [] };
const member: GuardContext = { ...visitor, loggedIn: true };

describe('navigation guards', () => {
  it('lets a visitor reach the whitelisted routes', () => {
    for (const name of [
      'File',
      'Upload',
      'Bookmarks',
      'Downloads',
      'Inbox',
      'Follows',
      'Settings',
      'ContactUs',
      'DMCA',
      'notAuthorized',
      'notFound',
    ] as const) {
      expect(decideNavigation(name, visitor)).toEqual({ kind: 'allow' });
    }
  });

  it('sends a visitor from a login-only route to File', () => {
    expect(decideNavigation('Subscription', visitor)).toEqual({
      kind: 'redirect',
      to: 'File',
      reason: 'login',
    });
    expect(decideNavigation('Redirect', visitor)).toEqual({ kind: 'redirect', to: 'File', reason: 'login' });
  });

  it('lets a logged-in user reach login-only routes', () => {
    expect(decideNavigation('Subscription', member)).toEqual({ kind: 'allow' });
    expect(decideNavigation('Redirect', member)).toEqual({ kind: 'allow' });
  });

  it('allows a roles list with * or the user role', () => {
    expect(rolesAllow({ roles: ['*'] }, ['user'])).toBe(true);
    expect(rolesAllow({ roles: ['admin', 'user'] }, ['user'])).toBe(true);
    expect(rolesAllow({ roles: ['admin'] }, ['user'])).toBe(false);
    expect(rolesAllow({}, [])).toBe(true);
  });

  it('sends a user without the role to the first permitted route, else to not-authorized', () => {
    const table: RouteMeta[] = [
      { name: 'File', path: '/home/file', title: 'menu.file', roles: ['admin'], order: 0 },
      { name: 'Upload', path: '/my/upload', title: 'menu.my.upload', roles: ['user'], order: 1 },
      { name: 'Bookmarks', path: '/my/bookmarks', title: 'menu.my.bookmarks', roles: ['admin'], order: 2 },
    ];
    expect(firstPermittedRoute(member, table)).toBe('Upload');
    expect(decideNavigation('Bookmarks', member, table)).toEqual({
      kind: 'redirect',
      to: 'Upload',
      reason: 'role',
    });
    expect(decideNavigation('Bookmarks', { ...member, roles: ['guest'] }, table)).toEqual({
      kind: 'redirect',
      to: 'notAuthorized',
      reason: 'role',
    });
    expect(decideNavigation('Bookmarks', { ...member, roles: ['admin'] }, table)).toEqual({ kind: 'allow' });
  });

  it('sends a route missing from the server menu to the fallback page', () => {
    const fromServer: GuardContext = {
      ...member,
      menuFromServer: true,
      serverMenu: [{ name: 'My', children: [{ name: 'Upload' }] }],
    };
    expect(decideNavigation('Upload', fromServer)).toEqual({ kind: 'allow' });
    expect(decideNavigation('Bookmarks', fromServer)).toEqual({
      kind: 'redirect',
      to: 'notFound',
      reason: 'serverMenu',
    });
    expect(decideNavigation('File', fromServer)).toEqual({ kind: 'allow' });
    // Not loaded yet: the server menu does not block.
    expect(decideNavigation('Bookmarks', { ...fromServer, serverMenu: [] })).toEqual({ kind: 'allow' });
  });
});
