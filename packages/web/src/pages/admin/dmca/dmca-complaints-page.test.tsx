import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordFetch, type RecordedCall } from '../../../test/fetch-recorder';
import { chooseOption, click, latestDialog, search } from '../files/test-helpers';
import { loginAdmin, renderAdmin, resetAdmin } from '../shared/admin-test-utils';
import { DmcaComplaintsPage } from './dmca-complaints-page';
import { buildAdminFile, buildFileList } from '../files/test-fixtures';
import { buildComplaint, buildComplaintList, buildCounterNotice } from './test-fixtures';

const LIST = '/api/manage/dmca/list';
const EDIT = '/api/manage/dmca/edit';
const COUNTER = '/api/manage/dmca/counter_notice';

async function openComplaint(name: string) {
  await click(await screen.findByText(name));
  return screen.findByTestId('dmca-status-actions');
}

describe('DMCA complaints page', { timeout: 30_000 }, () => {
  beforeEach(() => loginAdmin());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAdmin();
  });

  it('lists the complaints with the status and keyword filters', async () => {
    const linked = buildComplaint({
      first_name: 'Lee',
      file_id: 'f_9',
      file_title: 'Rates outlook',
      file_taken_down_time: '2025-04-02T10:00:00Z',
      status: 'accepted',
    });
    const server = recordFetch({ [LIST]: { body: buildComplaintList([linked]) } });
    renderAdmin(<DmcaComplaintsPage />, '/admin/dmca');
    const link = await screen.findByTestId('dmca-file-link');
    expect(link.getAttribute('href')).toBe('/admin/files?details=f_9');
    expect(screen.getByTestId('dmca-status').textContent).toBe('Accepted');
    expect(screen.getByTestId('dmca-taken-down')).toBeTruthy();
    // Every column says what it holds: no two share a title.
    const titles = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(new Set(titles).size).toBe(titles.length);
    expect(server.to(LIST)[0]?.body).toEqual({ page_id: 1, page_length: 20 });

    await chooseOption('State', 'Under review');
    await search('Name, e-mail, copyright holder, file name or file id', 'holder');
    await waitFor(() =>
      expect(server.to(LIST).at(-1)?.body).toEqual({
        status: 'under_review',
        keyword: 'holder',
        page_id: 1,
        page_length: 20,
      }),
    );
  });

  it('accepts a complaint only after the confirmation, then shows the answer', async () => {
    const complaint = buildComplaint({
      first_name: 'Ada',
      status: 'under_review',
      file_id: 'f_1',
      file_title: 'Rates outlook',
    });
    const accepted = {
      ...complaint,
      status: 'accepted' as const,
      file_taken_down_time: '2025-04-02T10:00:00Z',
    };
    const server = recordFetch({
      [LIST]: { body: buildComplaintList([complaint]) },
      [EDIT]: { body: { complaint: accepted } },
    });
    renderAdmin(<DmcaComplaintsPage />, '/admin/dmca');
    const actions = await openComplaint('Ada Holder');

    await click(within(actions).getByTestId('dmca-accept'));
    const dialog = await latestDialog();
    expect(dialog.textContent).toContain('“Rates outlook” disappears everywhere at once');
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.to(EDIT)).toHaveLength(0);

    await click(within(actions).getByTestId('dmca-accept'));
    await click(within(await latestDialog()).getByRole('button', { name: 'Accept and take down' }));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(1));
    expect(server.to(EDIT)[0]?.body).toEqual({ complaint_id: complaint.id, status: 'accepted' });
    const drawer = screen.getByTestId('dmca-fields');
    await waitFor(() => expect(within(drawer).getByTestId('dmca-status').textContent).toBe('Accepted'));
    await waitFor(() => expect(server.to(LIST).length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server error when accepting is refused', async () => {
    const complaint = buildComplaint({ first_name: 'Bo' });
    const server = recordFetch({
      [LIST]: { body: buildComplaintList([complaint]) },
      [EDIT]: { status: 400, body: { error_msg: 'Link the complaint to a file before accepting it' } },
    });
    renderAdmin(<DmcaComplaintsPage />, '/admin/dmca');
    const actions = await openComplaint('Bo Holder');
    await click(within(actions).getByTestId('dmca-accept'));
    const dialog = await latestDialog();
    expect(dialog.textContent).toContain('No file is linked to this complaint yet');
    await click(within(dialog).getByRole('button', { name: 'Accept and take down' }));
    const error = await screen.findByTestId('dmca-edit-error');
    expect(error.textContent).toContain('Link the complaint to a file before accepting it');
    expect(server.to(EDIT)[0]?.body).toEqual({ complaint_id: complaint.id, status: 'accepted' });
  });

  it('sends the other status actions, the notes and the linked file', async () => {
    const complaint = buildComplaint({ first_name: 'Cy' });
    const edit = (call: RecordedCall) => ({
      body: {
        complaint: {
          ...complaint,
          ...(call.body?.status ? { status: call.body.status } : {}),
          ...(typeof call.body?.notes === 'string' ? { notes: call.body.notes } : {}),
          ...(call.body?.file_id ? { file_id: call.body.file_id, file_title: 'Linked report' } : {}),
        },
      },
    });
    const server = recordFetch({ [LIST]: { body: buildComplaintList([complaint]) }, [EDIT]: edit });
    renderAdmin(<DmcaComplaintsPage />, '/admin/dmca');
    const actions = await openComplaint('Cy Holder');

    await click(within(actions).getByTestId('dmca-review'));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(1));
    expect(server.to(EDIT)[0]?.body).toEqual({ complaint_id: complaint.id, status: 'under_review' });

    const notes = screen.getByTestId('dmca-notes-input');
    fireEvent.change(notes, { target: { value: '  Asked the uploader for a licence.  ' } });
    await click(screen.getByTestId('dmca-notes-save'));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(2));
    expect(server.to(EDIT)[1]?.body).toEqual({
      complaint_id: complaint.id,
      notes: 'Asked the uploader for a licence.',
    });

    fireEvent.change(screen.getByLabelText('File id'), { target: { value: ' f_42 ' } });
    await click(screen.getByTestId('dmca-file-link-id'));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(3));
    expect(server.to(EDIT)[2]?.body).toEqual({ complaint_id: complaint.id, file_id: 'f_42' });
    expect(await screen.findByText('Linked report')).toBeTruthy();

    // Rejecting asks first, as accepting does.
    await click(screen.getByTestId('dmca-reject'));
    const dialog = await latestDialog();
    expect(dialog.textContent).toContain('Reject this complaint?');
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.to(EDIT)).toHaveLength(3);
    await click(screen.getByTestId('dmca-reject'));
    await click(within(await latestDialog()).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(4));
    expect(server.to(EDIT)[3]?.body).toEqual({ complaint_id: complaint.id, status: 'rejected' });
  });

  it('rejecting a complaint that keeps a file down says the file comes back', async () => {
    const complaint = buildComplaint({
      first_name: 'Ed',
      status: 'accepted',
      file_id: 'f_3',
      file_title: 'Credit monthly',
      file_taken_down_time: '2025-04-02T10:00:00Z',
    });
    const server = recordFetch({ [LIST]: { body: buildComplaintList([complaint]) } });
    renderAdmin(<DmcaComplaintsPage />, '/admin/dmca');
    const actions = await openComplaint('Ed Holder');
    await click(within(actions).getByTestId('dmca-reject'));
    const dialog = await latestDialog();
    expect(dialog.textContent).toContain('“Credit monthly” comes back everywhere at once');
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.to(EDIT)).toHaveLength(0);
  });

  it('shows the uploader’s counter-notice and sends its decisions after a confirmation', async () => {
    const notice = buildCounterNotice({ status: 'received', statement: 'I wrote it myself.' });
    const complaint = buildComplaint({
      first_name: 'Fay',
      status: 'counter_notice',
      file_id: 'f_5',
      file_title: 'FX weekly',
      file_taken_down_time: '2025-04-02T10:00:00Z',
      counter_notice: notice,
    });
    const server = recordFetch({
      [LIST]: { body: buildComplaintList([complaint]) },
      [COUNTER]: (call) => ({
        body: {
          complaint: {
            ...complaint,
            counter_notice: { ...notice, status: call.body?.action === 'forward' ? 'forwarded' : 'restored' },
          },
        },
      }),
    });
    renderAdmin(<DmcaComplaintsPage />, '/admin/dmca');
    const actions = await openComplaint('Fay Holder');
    // While the counter-notice is open, its own decisions move the complaint.
    for (const id of ['dmca-review', 'dmca-accept', 'dmca-reject'])
      expect((within(actions).getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    const card = screen.getByTestId('dmca-counter-notice');
    expect(card.textContent).toContain('I wrote it myself.');
    // The state's label, written as a label like the complaint's own status, not the raw value.
    expect(within(card).getByTestId('counter-status').textContent).toBe('Received');

    await click(within(card).getByTestId('counter-forward'));
    const dialog = await latestDialog();
    expect(dialog.textContent).toContain('“FX weekly” stays down');
    await click(within(dialog).getByRole('button', { name: 'Mark as forwarded' }));
    await waitFor(() => expect(server.to(COUNTER)).toHaveLength(1));
    expect(server.to(COUNTER)[0]?.body).toEqual({ counter_notice_id: notice.id, action: 'forward' });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('dmca-counter-notice')).getByTestId('counter-status').textContent,
      ).toBe('Forwarded'),
    );
    expect(screen.queryByTestId('counter-forward')).toBeNull();
    await click(screen.getByTestId('counter-restore'));
    await click(within(await latestDialog()).getByRole('button', { name: 'Restore the file' }));
    await waitFor(() => expect(server.to(COUNTER)).toHaveLength(2));
    expect(server.to(COUNTER)[1]?.body).toEqual({ counter_notice_id: notice.id, action: 'restore' });
  });

  it('links the file picked from a search of the library', async () => {
    const complaint = buildComplaint({ first_name: 'Di' });
    const file = buildAdminFile({ id: 'f_77', title: 'Copied report', file_name: 'copied.pdf' });
    const server = recordFetch({
      [LIST]: { body: buildComplaintList([complaint]) },
      '/api/manage/file/list': { body: buildFileList([file]) },
      [EDIT]: (call) => ({
        body: { complaint: { ...complaint, file_id: call.body?.file_id as string, file_title: file.title } },
      }),
    });
    renderAdmin(<DmcaComplaintsPage />, '/admin/dmca');
    await openComplaint('Di Holder');
    const picker = screen.getByLabelText('Or find the file by title, file name or issuer');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'copied' } });
    await waitFor(() =>
      expect(server.to('/api/manage/file/list').at(-1)?.body).toEqual({
        keyword: 'copied',
        page_id: 1,
        page_length: 10,
      }),
    );
    await click(await screen.findByTitle('Copied report · copied.pdf (f_77)'));
    await waitFor(() => expect(server.to(EDIT)).toHaveLength(1));
    expect(server.to(EDIT)[0]?.body).toEqual({ complaint_id: complaint.id, file_id: 'f_77' });
    expect(await screen.findByText('Copied report')).toBeTruthy();
  });
});
