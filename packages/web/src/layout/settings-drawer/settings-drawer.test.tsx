import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { renderWithApp } from '../../test/render';
import { fakeWindowWidth } from '../../test/window-width';
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

  it('on a narrow screen the navbar shows whatever the setting: its switch says so and saves nothing', async () => {
    const phone = fakeWindowWidth(390);
    try {
      renderWithApp(<SettingsDrawer open onClose={() => undefined} />);
      await screen.findByTestId('settings-drawer');
      expect(switchOf('navbar').disabled).toBe(true);
      expect(switchOf('navbar').getAttribute('aria-checked')).toBe('true');
      expect(screen.getByTestId('setting-note').textContent).toContain('Always shown on a narrow screen');
      act(() => switchOf('navbar').click());
      expect(useAppSettingsStore.getState().navbar).toBe(true);
      // The menu is a drawer behind the navbar's button here: it may be switched off.
      expect(switchOf('menu').disabled).toBe(false);
    } finally {
      phone.restore();
    }
  });
});
