import type { UploadResponse } from '@rl/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../api/api-error';
import { startUpload, type UploadHandle, type UploadTransport } from './chunked-upload';
import { httpTransport, localResumeStore } from './http-transport';
import { handledByCatalogue } from './report-failure';

export interface SendingState {
  phase: 'sending';
  fileName: string;
  sent: number;
  total: number;
  /** Bytes per second, once it can be measured. */
  speed: number | null;
}

export type UploaderState = { phase: 'idle' } | SendingState | { phase: 'failed'; error: unknown };

/** Speed is measured over windows of this length, smoothed. */
const SPEED_WINDOW_MS = 500;
const SMOOTHING = 0.3;

export interface UploaderCallbacks {
  onDone(answer: UploadResponse, fileName: string): void;
  onCancelled(): void;
}

/**
 * Runs one upload at a time and reports its progress and speed. Leaving the page pauses it (a
 * chunked upload resumes when the same file is chosen again); Cancel cancels it for good.
 */
export function useUploader(callbacks: UploaderCallbacks, transport: UploadTransport = httpTransport) {
  const [state, setState] = useState<UploaderState>({ phase: 'idle' });
  const handle = useRef<UploadHandle | null>(null);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  useEffect(
    () => () => {
      const running = handle.current;
      handle.current = null;
      running?.pause();
    },
    [],
  );

  const send = useCallback(
    (file: File) => {
      let mark: { time: number; sent: number } | null = null;
      let speed: number | null = null;
      const onProgress = (sent: number, total: number) => {
        const now = performance.now();
        if (mark === null || sent < mark.sent) {
          mark = { time: now, sent };
        } else if (now - mark.time >= SPEED_WINDOW_MS) {
          const current = ((sent - mark.sent) * 1000) / (now - mark.time);
          speed = speed === null ? current : speed + SMOOTHING * (current - speed);
          mark = { time: now, sent };
        }
        setState({ phase: 'sending', fileName: file.name, sent, total, speed });
      };
      setState({ phase: 'sending', fileName: file.name, sent: 0, total: file.size, speed: null });
      const current = startUpload(file, { transport, store: localResumeStore, onProgress });
      handle.current = current;
      current.result.then(
        (answer) => {
          if (handle.current !== current) return;
          handle.current = null;
          setState({ phase: 'idle' });
          latest.current.onDone(answer, file.name);
        },
        (error: unknown) => {
          if (handle.current !== current) return;
          handle.current = null;
          if (isAbortError(error)) {
            setState({ phase: 'idle' });
            latest.current.onCancelled();
          } else {
            handledByCatalogue(error);
            setState({ phase: 'failed', error });
          }
        },
      );
    },
    [transport],
  );

  const cancel = useCallback(() => void handle.current?.cancel(), []);
  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, send, cancel, reset };
}
