import { describe, expect, it } from 'vitest';
import type { GuardContext } from '../../router/guards';
import { buildMenu, type MenuEntry } from './menu-model';

const visitor: GuardContext = { loggedIn: false, roles: ['user'], menuFromServer: false, serverMenu: [] };

const names = (entries: MenuEntry[]): unknown[] =>
  entries.map((e) => (e.children.length ? { [e.route.name]: names(e.children) } : e.route.name));

describe('menu from route meta', () => {
  it('shows File, My (Upload, Stars, Inbox, Following, Downloads) and Subscription', () => {
    expect(names(buildMenu(visitor))).toEqual([
      'File',
      { My: ['Upload', 'Bookmarks', 'Inbox', 'Follows', 'Downloads'] },
      'Subscription',
    ]);
  });

  it('follows the server menu when it comes from the server', () => {
    const menu = buildMenu({
      ...visitor,
      loggedIn: true,
      menuFromServer: true,
      serverMenu: [{ name: 'Home', children: [{ name: 'File' }] }, { name: 'Upload' }, { name: 'Dashboard' }],
    });
    expect(names(menu)).toEqual(['File', 'Upload']);
  });
});
