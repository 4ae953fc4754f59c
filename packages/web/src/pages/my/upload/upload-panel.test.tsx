import type { UploadResponse } from '@rl/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
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

describe('upload panel', () => {
  it('keeps Submit disabled after the server refuses a file, until another file is chosen', async () => {
    const refusal = new ApiError('http', 400, { error_msg: 'The file is not a PDF' }, 'Bad request');
    const transport = failingTransport(refusal);
    renderWithApp(
      <UploadPanel
        limits={limits}
        freePlan={false}
        onUploaded={(_answer: UploadResponse) => undefined}
        transport={transport}
      />,
    );
    await choose(pdf('fake.pdf'));
    await click(submitButton());
    expect((await screen.findByTestId('upload-error')).textContent).toContain('The file is not a PDF');
    expect(submitButton().disabled).toBe(true);

    await choose(pdf('real.pdf'));
    expect(screen.queryByTestId('upload-error')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('lets the same file be sent again after a failure that is not a refusal', async () => {
    const busy = new ApiError('http', 429, { error_msg: 'Too frequent' }, 'Too frequent');
    renderWithApp(
      <UploadPanel
        limits={limits}
        freePlan={false}
        onUploaded={() => undefined}
        transport={failingTransport(busy)}
      />,
    );
    await choose(pdf('fine.pdf'));
    await click(submitButton());
    await vi.waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull());
    expect(submitButton().disabled).toBe(false);
  });
});
