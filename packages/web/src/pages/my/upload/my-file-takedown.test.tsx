import type { FileTakedown } from '@rl/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { click } from '../../../components/auth-modal/auth-test-helpers';
import { i18n, loadLocale } from '../../../locale/i18n';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch } from '../../../test/fetch-recorder';
import { buildUserInfo } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { UploadPage } from '../upload-page';
import { buildMyFile, buildMyFiles } from './test-fixtures';

const LIST = '/api/file/myfiles';
const COUNTER = '/api/file/myfiles/counter_notice';

const takedown = (over: Partial<FileTakedown['complaints'][number]> = {}): FileTakedown => ({
  taken_down_time: '2025-04-02T10:00:00Z',
  complaints: [
    {
      complaint_id: 'd_1',
      received_time: '2025-04-01T08:00:00Z',
      copyright_holder: 'Engines Ltd',
      reason: 'Copies our March outlook word for word.',
      counter_notice: null,
      can_counter: true,
      ...over,
    },
  ],
});
const row = () => screen.findByTestId('myfile-row');
const fill = (label: string, value: string) =>
  fireEvent.change(within(screen.getByTestId('counter-form')).getByLabelText(label), { target: { value } });

/** A published upload a DMCA complaint took down, as My uploads shows it to its owner. */
describe('a taken-down upload in My uploads', { timeout: 120_000 }, () => {
  beforeEach(() => {
    queryClient.clear();
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    useUserStore.setState({ token: null, user: null });
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('says taken down, since when and why, and offers no action that pretends it is served', async () => {
    const file = buildMyFile({ visibility: 'public', takedown: takedown() });
    recordFetch({ [LIST]: { body: buildMyFiles([file]) } });
    renderWithApp(<UploadPage />);
    const r = await row();
    expect(within(r).getByTestId('file-status-taken-down').textContent).toBe('Taken down');
    expect(within(r).getByTestId('myfile-takedown').textContent).toContain('Taken down on');
    expect(within(r).getByTestId('myfile-takedown-reason').textContent).toBe(
      'Engines Ltd, received 2025-04-01: “Copies our March outlook word for word.”',
    );
    // Nothing says it is published (the visibility column, where shown, says withheld).
    expect(r.textContent).not.toContain('Published');
    for (const id of ['myfile-open', 'myfile-edit', 'myfile-publish'])
      expect(within(r).queryByTestId(id)).toBeNull();
    expect(within(r).getByTestId('myfile-counter').textContent).toBe('Counter-notice');
    expect(within(r).getByTestId('myfile-delete')).toBeTruthy();
  });

  it('a file that is up keeps open, edit and publish', async () => {
    recordFetch({ [LIST]: { body: buildMyFiles([buildMyFile()]) } });
    renderWithApp(<UploadPage />);
    const r = await row();
    for (const id of ['myfile-open', 'myfile-edit', 'myfile-publish'])
      expect(within(r).getByTestId(id)).toBeTruthy();
    expect(within(r).queryByTestId('myfile-takedown')).toBeNull();
  });

  it('sends a complete counter-notice and nothing before every field and box is filled', async () => {
    const file = buildMyFile({ visibility: 'public', takedown: takedown() });
    const server = recordFetch({
      [LIST]: { body: buildMyFiles([file]) },
      [COUNTER]: {
        body: {
          counter_notice: {
            id: 'cn_1',
            status: 'received',
            submitted_time: '2025-04-03T09:00:00Z',
            updated_time: '2025-04-03T09:00:00Z',
          },
        },
      },
    });
    renderWithApp(<UploadPage />);
    await click(within(await row()).getByTestId('myfile-counter'));
    const modal = await screen.findByTestId('counter-complaint');
    expect(modal.textContent).toContain('Copies our March outlook word for word.');
    await click(screen.getByTestId('counter-submit'));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(await screen.findByText('Please check all the boxes')).toBeTruthy();
    expect(server.to(COUNTER)).toHaveLength(0);

    fill('Full name', ' Grace Hopper ');
    fill('E-mail', 'grace@example.com');
    fill('Address', '1 Compiler Lane');
    fill('City', 'Arlington');
    fill('Zip code', '22201');
    fill('Country', 'United States');
    fill('Phone', '+1 703 555 0100');
    fill('Statement', 'I wrote this note myself.');
    fill('Signature (type your full name)', 'Grace Hopper');
    for (const box of screen.getByTestId('counter-confirmations').querySelectorAll('input[type=checkbox]'))
      await click(box as HTMLElement);
    await click(screen.getByTestId('counter-submit'));
    await waitFor(() => expect(server.to(COUNTER)).toHaveLength(1));
    expect(server.to(COUNTER)[0]?.body).toEqual({
      complaint_id: 'd_1',
      full_name: ' Grace Hopper ',
      email: 'grace@example.com',
      address: '1 Compiler Lane',
      city: 'Arlington',
      zip_code: '22201',
      country: 'United States',
      phone: '+1 703 555 0100',
      statement: 'I wrote this note myself.',
      signature: 'Grace Hopper',
      confirmations: { mistake: true, jurisdiction: true, service: true },
    });
    expect(await screen.findByText('Counter-notice sent')).toBeTruthy();
    await waitFor(() => expect(server.to(LIST).length).toBeGreaterThan(1));
  });

  it('shows a pending counter-notice’s state and offers the details instead of a second one', async () => {
    const notice = {
      id: 'cn_1',
      status: 'forwarded' as const,
      submitted_time: '2025-04-03T09:00:00Z',
      updated_time: '2025-04-04T09:00:00Z',
    };
    const file = buildMyFile({ takedown: takedown({ counter_notice: notice, can_counter: false }) });
    recordFetch({ [LIST]: { body: buildMyFiles([file]) } });
    renderWithApp(<UploadPage />);
    const r = await row();
    expect(within(r).getByTestId('myfile-counter-state').textContent).toBe(
      'Counter-notice forwarded to the complainant 2025-04-04',
    );
    await click(within(r).getByTestId('myfile-counter'));
    expect(await screen.findByText(/Your counter-notice is being handled/)).toBeTruthy();
    expect(screen.queryByTestId('counter-form')).toBeNull();
  });

  it('speaks Chinese to a Chinese reader', async () => {
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    recordFetch({ [LIST]: { body: buildMyFiles([buildMyFile({ takedown: takedown() })]) } });
    renderWithApp(<UploadPage />);
    const r = await row();
    expect(within(r).getByTestId('file-status-taken-down').textContent).toBe('已下架');
    expect(within(r).getByTestId('myfile-counter').textContent).toBe('提交反通知');
    expect(within(r).getByTestId('myfile-takedown').textContent).toContain('因版权（DMCA）投诉于');
  });
});
