import type { UploadResponse } from '@rl/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { registerCatalogueHandler } from '../../../api/catalogue-handler';
import type { CatalogueAction } from '../../../api/error-catalogue';
import { click } from '../../../components/auth-modal/auth-test-helpers';
import { renderWithApp } from '../../../test/render';
import type { UploadTransport } from './chunked-upload';
import type { UploadLimits } from './pre-check';
import { UploadPanel } from './upload-panel';

const limits: UploadLimits = {
  maxFileBytes: 3 * 1024 * 1024,
  filesLeft: null,
  maxFiles: 10,
  bytesLeft: null,
};

function pdf(name: string): File {
  return new File([new Uint8Array(1024)], name, { type: 'application/pdf' });
}

function failingTransport(error: ApiError): UploadTransport {
  const never = () => Promise.reject(new Error('not used'));
  return {
    whole: vi.fn(() => Promise.reject(error)),
    init: never,
    status: never,
    putChunk: never,
    complete: never,
    cancel: never,
  } as unknown as UploadTransport;
}

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file] } });
  });
}

function submitButton(): HTMLButtonElement {
  return screen.getByTestId('upload-submit') as HTMLButtonElement;
}

function renderPanel(error: ApiError) {
  renderWithApp(
    <UploadPanel
      limits={limits}
      freePlan={false}
      onUploaded={(_answer: UploadResponse) => undefined}
      transport={failingTransport(error)}
    />,
  );
}

/** Chooses a file, submits it and waits for the server's refusal to be shown. */
async function sendRefused(message: string) {
  await choose(pdf('sent.pdf'));
  await click(submitButton());
  expect((await screen.findByTestId('upload-error')).textContent).toContain(message);
}

const httpError = (status: number, code: string | undefined, message: string) =>
  new ApiError('http', status, { error_msg: message, ...(code && { code }) }, `HTTP ${status}`);

// The first render of antd's upload on a busy machine takes seconds.
describe('upload panel', { timeout: 30_000 }, () => {
  // What the error catalogue was asked to do (show a wall, a toast), test by test.
  let actions: CatalogueAction[] = [];
  let unregister = () => {};
  beforeEach(() => {
    actions = [];
    unregister = registerCatalogueHandler((action) => actions.push(action));
  });
  afterEach(() => unregister());

  it.each([
    ['400 not_pdf', httpError(400, 'not_pdf', 'The file is not a PDF')],
    ['415 from the framework', httpError(415, 'fst_err_ctp_invalid_media_type', 'The file is not a PDF')],
    ['413 too_large', httpError(413, 'too_large', 'The file is larger than 200 MB')],
    ['409 conflict', httpError(409, 'conflict', 'You already uploaded this file')],
  ])(
    'keeps Submit disabled after the server refuses the file (%s), until another file is chosen',
    async (_name, refusal) => {
      renderPanel(refusal);
      await sendRefused(refusal.serverMessage ?? '');
      expect(submitButton().disabled).toBe(true);

      expect(actions.filter((action) => action.kind === 'openSubscription')).toEqual([]);

      await choose(pdf('real.pdf'));
      expect(screen.queryByTestId('upload-error')).toBeNull();
      expect(submitButton().disabled).toBe(false);
    },
  );

  it('shows the plans’ wall when the account’s quota refuses the upload, and lets the file be sent after', async () => {
    const quota = new ApiError(
      'http',
      403,
      { code: 'quota_exceeded', error_msg: 'Your plan’s storage is full', reason: 'storage' },
      'HTTP 403',
    );
    renderPanel(quota);
    await sendRefused('Your plan’s storage is full');
    expect(actions.map((action) => action.kind)).toEqual(['openSubscription']);
    expect(submitButton().disabled).toBe(false);
  });

  it.each([
    ['429 too_many_requests', httpError(429, 'too_many_requests', 'Too frequent')],
    ['503 unavailable', httpError(503, 'unavailable', 'The server is busy')],
    ['500 internal', httpError(500, 'internal', 'Something went wrong')],
    ['502 from a proxy', httpError(502, undefined, 'Bad gateway')],
  ])('lets the same file be sent again after a passing failure (%s)', async (_name, failure) => {
    renderPanel(failure);
    await sendRefused(failure.serverMessage ?? '');
    await vi.waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull());
    expect(submitButton().disabled).toBe(false);
  });
});
