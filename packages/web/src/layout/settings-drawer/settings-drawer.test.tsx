import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { renderWithApp } from '../../test/render';
import { SettingsDrawer } from './settings-drawer';

const switchOf = (setting: string) => screen.getByTestId(`setting-${setting}`) as HTMLButtonElement;

describe('settings drawer', () => {
  afterEach(() => act(() => useAppSettingsStore.getState().resetSettings()));

  it('keeps a way around the app: the navbar and the menu cannot both be hidden', async () => {
    renderWithApp(<SettingsDrawer open onClose={() => undefined} />);
    await screen.findByTestId('settings-drawer');
    expect(switchOf('navbar').disabled).toBe(false);
    expect(switchOf('menu').disabled).toBe(false);

    act(() => switchOf('navbar').click());
    expect(useAppSettingsStore.getState().navbar).toBe(false);
    // Hidden navbar: the drawer says how to come back, and the menu is now the last way around.
    expect(screen.getByTestId('navbar-hidden-note').textContent).toContain('bottom right');
    expect(switchOf('menu').disabled).toBe(true);
    act(() => switchOf('menu').click());
    expect(useAppSettingsStore.getState().menu).toBe(true);

    act(() => switchOf('navbar').click());
    expect(useAppSettingsStore.getState().navbar).toBe(true);
    expect(screen.queryByTestId('navbar-hidden-note')).toBeNull();
    act(() => switchOf('menu').click());
    expect(useAppSettingsStore.getState().menu).toBe(false);
    expect(switchOf('navbar').disabled).toBe(true);
  });
});
