import type { MenuItem } from '@rl/contract';

/** The server menu by role, in the web's route names. */
export function menuFor(roles: readonly string[] | null): MenuItem[] {
  if (!roles) return [{ name: 'File' }];
  const menu: MenuItem[] = [
    { name: 'File' },
    {
      name: 'My',
      children: [{ name: 'Upload' }, { name: 'Bookmarks' }, { name: 'Downloads' }, { name: 'Settings' }],
    },
    { name: 'Subscription' },
  ];
  if (roles.includes('admin')) menu.push({ name: 'Admin' });
  return menu;
}
