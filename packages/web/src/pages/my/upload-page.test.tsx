import { REGION_MESSAGE } from '@rl/contract/constants';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { renderWithApp } from '../../test/render';
import { UploadPage } from './upload-page';

describe('upload page', () => {
  afterEach(() => useAppSettingsStore.setState({ isChineseUser: false }));

  it('shows the region message to a user in mainland China', () => {
    useAppSettingsStore.setState({ isChineseUser: true });
    renderWithApp(<UploadPage />);
    expect(screen.getByTestId('region-notice').textContent).toContain(REGION_MESSAGE);
  });

  it('shows no region message elsewhere', () => {
    renderWithApp(<UploadPage />);
    expect(screen.queryByTestId('region-notice')).toBeNull();
  });
});
