import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerCatalogueHandler } from '../../../../api/catalogue-handler';
import type { CatalogueAction } from '../../../../api/error-catalogue';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { useSubscriptionModalStore } from '../../../../stores/subscription-modal-store';
import { useUserStore } from '../../../../stores/user-store';
import { recordFetch } from '../../../../test/fetch-recorder';
import { buildFileInfo } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { FileViewer } from './file-viewer';

// pdf.js needs a browser's canvas; a locked report never reaches it.
vi.mock('../../../../components/pdf-viewer/pdfjs-setup', () => ({ warmPdfWorker: () => undefined }));
vi.mock('../../../../components/pdf-viewer/pdf-viewer', () => ({ PdfViewer: () => null }));

/** The file-age rule's refusal, as the server answers every call about the report. */
const locked = buildFileInfo({
  id: 'locked-1',
  encrypted_file_url: '',
  permission: [],
  meta: {
    ...buildFileInfo().meta,
    document_title: 'Zinc wall report',
    summary: 'Zinc smelters cut output as treatment charges fell.',
    publish_date: '2026-06-01',
  },
});
const refusal = {
  status: 403,
  body: {
    error_msg:
      'The free plan opens reports published today or more than one year ago: this one opens on 2027-06-02. The institutional plan opens every report now.',
    code: 'file_age_blocked',
    reason: 'file_age',
    opens_at: '2027-06-02',
    locked_file: locked,
  },
};

describe('a report the plan does not open yet', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSubscriptionModalStore.setState({ visible: false, wall: null });
    useAuthModalStore.setState({ visible: false, reason: null, mode: 'login' });
  });

  it('shows the reason and the day it opens in place of the PDF; details and summary stay', async () => {
    useUserStore.setState({ token: null, user: null });
    const { calls } = recordFetch({
      '/api/file/file_detail': refusal,
      '/api/file/view': refusal,
      '/api/dialog/history': refusal,
    });
    const actions: CatalogueAction[] = [];
    const unregister = registerCatalogueHandler((action) => actions.push(action));
    renderWithApp(<FileViewer fileId="locked-1" onClose={() => {}} />);

    const blocked = await screen.findByTestId('blocked-preview', {}, { timeout: 15_000 });
    const notice = within(blocked).getByTestId('wall-notice');
    expect(notice.getAttribute('data-reason')).toBe('file_age');
    // The server's date reads as every other date of the page.
    expect(within(notice).getByText(/this one opens on Jun 2, 2027\./)).toBeTruthy();
    expect(within(notice).getByTestId('wall-facts').textContent).toContain(
      'Opens on the free plan on Jun 2, 2027',
    );
    // The report's details and its summary are still there.
    expect(screen.getAllByText('Zinc wall report').length).toBeGreaterThan(0);
    expect(screen.getByText(/Zinc smelters cut output/)).toBeTruthy();
    expect(screen.queryByText('The report could not be loaded')).toBeNull();
    // Nothing offered that the server would refuse: no star, collection, download or chat.
    for (const id of ['star-toggle', 'collection-control']) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Chat' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Summary' })).toBeTruthy();
    // No plans opened by themselves: the refusal is shown in place.
    expect(actions.filter((a) => a.kind === 'openSubscription')).toEqual([]);
    expect(useSubscriptionModalStore.getState().visible).toBe(false);

    // "See plans" opens them once, with the reason; nothing asks the detail again.
    const detailCalls = calls.filter((c) => c.path === '/api/file/file_detail').length;
    fireEvent.click(within(blocked).getByTestId('blocked-plans'));
    expect(useSubscriptionModalStore.getState()).toMatchObject({
      visible: true,
      wall: { reason: 'file_age', opensAt: '2027-06-02' },
    });
    expect(calls.filter((c) => c.path === '/api/file/file_detail').length).toBe(detailCalls);

    // A visitor is offered to sign up or log in.
    fireEvent.click(within(blocked).getByTestId('blocked-login'));
    await waitFor(() =>
      expect(useAuthModalStore.getState()).toMatchObject({ visible: true, mode: 'signup' }),
    );
    unregister();
  }, 30_000);
});
