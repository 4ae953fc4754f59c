import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../locale/i18n';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { renderWithApp } from '../../test/render';
import { LanguageSwitch } from './language-switch';

describe('language switch', () => {
  afterEach(() => {
    cleanup();
    useAppSettingsStore.getState().setLanguage('en-US');
    applyLocale('en-US');
  });

  it('switches the interface to Chinese and keeps the choice', async () => {
    renderWithApp(<LanguageSwitch />);
    expect(screen.getByTestId('language-switch').textContent).toContain('EN');
    fireEvent.click(screen.getByTestId('language-switch'));
    const chinese = await screen.findByText('中文');
    await act(async () => fireEvent.click(chinese));
    await waitFor(() => expect(screen.getByTestId('language-switch').textContent).toContain('中'));
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('locale')).toBe('zh-CN');
    expect(screen.getByTestId('language-switch').getAttribute('aria-label')).toBe('中：切换语言');
  });
});
