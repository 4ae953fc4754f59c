import type { DashboardStatusResponse } from '@rl/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../../../test/fetch-recorder';
import { loadSchemas, loginAdmin, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { i18n } from '../../../locale/i18n';
import { activityOption, DashboardPage } from './dashboard-page';

const STATUS = '/api/manage/dashboard/status';
const START = '/api/manage/reingest/start';

function days(counts: number[]) {
  return counts.map((count, index) => ({ date: `2025-03-${String(index + 1).padStart(2, '0')}`, count }));
}

const status: DashboardStatusResponse = {
  generated_time: '2025-03-30T12:00:00Z',
  users: {
    total: 1234,
    by_plan: { trial: 1200, paid_v0: 34 },
    by_status: { active: 1100, inactive: 120, disabled: 14 },
  },
  signups_by_day: days(Array.from({ length: 30 }, (_, i) => i)),
  files: {
    total: 5678,
    by_status: { processing: 3, ready: 5670, failed: 5 },
    by_visibility: { public: 5000, private: 678 },
    taken_down: 7,
  },
  uploads_by_day: days(Array.from({ length: 30 }, () => 2)),
  downloads_by_day: days(Array.from({ length: 30 }, () => 9)),
  translations: { finish: 40, pending: 2, failed: 1 },
  jobs: { queued: 4, running: 2, failed: 9 },
  storage_bytes: 5 * 1024 ** 3,
  dmca_open: 3,
  messages_unhandled: 11,
  reingest: { running: false, done: 5000, total: 5670, outdated: 670, reading_version: 2 },
};

describe('dashboard page', { timeout: 30_000 }, () => {
  beforeAll(loadSchemas);
  beforeEach(() => {
    loginAdmin();
    // jsdom has no canvas (and says so on the console): the charts stay empty boxes.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    resetAdmin();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the numbers and the charts of the status call', async () => {
    const http = recordFetch({ [STATUS]: { body: status } });
    renderAdmin(<DashboardPage />, '/admin/dashboard');
    const users = await screen.findByTestId('stat-users');
    expect(http.to(STATUS)[0]!.method).toBe('GET');
    expect(users.textContent).toContain('1,234');
    expect(users.textContent).toContain('Free plan: 1,200');
    expect(users.textContent).toContain('Institutional plan: 34');
    expect(users.textContent).toContain('Disabled: 14');
    const files = screen.getByTestId('stat-files');
    expect(files.textContent).toContain('5,678');
    expect(files.textContent).toContain('Failed: 5');
    expect(files.textContent).toContain('Taken down: 7');
    expect(screen.getByTestId('stat-storage').textContent).toContain('5 GiB');
    const jobs = screen.getByTestId('stat-jobs');
    expect(jobs.textContent).toContain('Queued: 4');
    expect(jobs.textContent).toContain('Running: 2');
    expect(jobs.textContent).toContain('Failed: 9');
    expect(screen.getByTestId('stat-dmca').textContent).toContain('3');
    expect(screen.getByTestId('stat-messages').textContent).toContain('11');
    expect(within(screen.getByTestId('stat-translations')).getByText('43')).toBeTruthy();
    expect(screen.getByTestId('stat-translations').textContent).toContain('Finished: 40');
    expect(screen.getByTestId('chart-activity')).toBeTruthy();
    expect(screen.getByTestId('chart-plans')).toBeTruthy();
  });

  it('shows how much of the library the current reading read', async () => {
    recordFetch({ [STATUS]: { body: status } });
    renderAdmin(<DashboardPage />, '/admin/dashboard');
    const card = await screen.findByTestId('stat-reingest');
    expect(card.textContent).toContain('5,000 of 5,670 reports read by the current reading');
    expect(card.textContent).toContain('670 reports read by an older reading');
    expect(card.textContent).toContain('Reading version 2');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('88');
  });

  it('starts a re-reading of the library only once confirmed, then shows its progress', async () => {
    const running = { ...status.reingest, running: true, done: 10 };
    let started = false;
    const http = recordFetch({
      [STATUS]: () => ({ body: started ? { ...status, reingest: running } : status }),
      [START]: () => {
        started = true;
        return { body: { started: true, reingest: running } };
      },
    });
    renderAdmin(<DashboardPage />, '/admin/dashboard');
    fireEvent.click(await screen.findByTestId('reingest-start'));
    // Cancelled: nothing is sent.
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(http.to(START)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('reingest-start'));
    // jsdom runs no animation: the cancelled dialog stays in its leaving state, the new one is last.
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    expect(dialog.textContent).toContain('Fields corrected by hand are kept');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-read the library' }));
    await waitFor(() => expect(http.to(START)).toHaveLength(1));
    expect(http.to(START)[0]!.body).toEqual({ all: true });
    expect(await screen.findByText('Re-reading: 10 of 5,670 reports')).toBeTruthy();
    expect((screen.getByTestId('reingest-start') as HTMLButtonElement).disabled).toBe(true);
  });

  it('draws 30 days of sign-ups, uploads and downloads', () => {
    const option = activityOption(status, i18n.t.bind(i18n)) as {
      xAxis: { data: string[] };
      series: { name: string; data: number[] }[];
    };
    expect(option.xAxis.data).toHaveLength(30);
    expect(option.xAxis.data[0]).toBe('03-01');
    expect(option.series.map((s) => s.name)).toEqual(['Sign-ups', 'Uploads', 'Downloads']);
    expect(option.series[2]!.data.every((n) => n === 9)).toBe(true);
  });

  it('says so when the status cannot be loaded', async () => {
    recordFetch({ [STATUS]: { status: 500, body: { error_msg: 'boom' } } });
    renderAdmin(<DashboardPage />, '/admin/dashboard');
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeTruthy();
  });
});
