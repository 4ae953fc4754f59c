import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUserInfo } from '../test/fixtures';

/** A fresh page load: the stores are created again from what the browser kept. */
async function reload() {
  vi.resetModules();
  const users = await import('./user-store');
  const criteria = await import('./search-criteria');
  return { ...users, ...criteria };
}

const titleOnlyUser = () => {
  const user = buildUserInfo();
  return {
    ...user,
    settings: {
      ...user.settings,
      search_preference: 'title_only' as const,
      date_format: 'DD/MM/YYYY' as const,
    },
  };
};

describe('website settings across a reload', () => {
  afterEach(() => localStorage.clear());

  it('the first search of a reload already sends title_only: true, before the user info arrives', async () => {
    const first = await reload();
    first.useUserStore.getState().setSession('tok', titleOnlyUser());

    const page = await reload();
    expect(page.useUserStore.getState().user).toBeNull();
    expect(page.settingsInForce()?.date_format).toBe('DD/MM/YYYY');
    const criteria = page.parseCriteria(new URLSearchParams('q=inflation'));
    expect(page.toSearchRequest(criteria, 1).title_only).toBe(true);
    // The URL still wins.
    expect(page.toSearchRequest(page.parseCriteria(new URLSearchParams('title_only=0')), 1).title_only).toBe(
      false,
    );
  });

  it('the user info from the server wins over the copy, and replaces it', async () => {
    const first = await reload();
    first.useUserStore.getState().setSession('tok', titleOnlyUser());
    const page = await reload();
    const changedElsewhere = buildUserInfo();
    page.useUserStore.getState().setUser(changedElsewhere);
    expect(page.parseCriteria(new URLSearchParams('')).titleOnly).toBe(false);
    expect((await reload()).parseCriteria(new URLSearchParams('')).titleOnly).toBe(false);
  });

  it('a saved change is kept; logging out forgets the copy; a damaged copy counts as none', async () => {
    const first = await reload();
    first.useUserStore.getState().setSession('tok', buildUserInfo());
    first.useUserStore.getState().setSettings(titleOnlyUser().settings);
    expect((await reload()).parseCriteria(new URLSearchParams('')).titleOnly).toBe(true);

    const page = await reload();
    page.useUserStore.getState().clearSession();
    expect(localStorage.getItem('user-settings')).toBeNull();

    localStorage.setItem('token', 'tok');
    localStorage.setItem(
      'user-settings',
      JSON.stringify({ search_preference: 'title_only', date_format: 'nope' }),
    );
    expect((await reload()).settingsInForce()).toBeNull();
    localStorage.setItem('user-settings', '{not json');
    expect((await reload()).settingsInForce()).toBeNull();
  });

  it('a copy without a token (logged out elsewhere) is not used', async () => {
    localStorage.setItem('user-settings', JSON.stringify(titleOnlyUser().settings));
    expect((await reload()).settingsInForce()).toBeNull();
  });
});
