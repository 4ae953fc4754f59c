import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../api/api-error';
import { uploadAdminFile } from '../../../api/admin/upload-api';

export type AdminUploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; sent: number; total: number }
  | { phase: 'failed'; message: string };

/** One upload at a time, its progress, and Cancel; leaving the dialog cancels it. */
export function useAdminUpload(onDone: (fileName: string) => void) {
  const [state, setState] = useState<AdminUploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(onDone);
  useEffect(() => {
    latest.current = onDone;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback((file: File, fileName: string) => {
    const current = new AbortController();
    controller.current = current;
    setState({ phase: 'sending', sent: 0, total: file.size });
    const onProgress = (sent: number, total: number) => {
      if (controller.current === current) setState({ phase: 'sending', sent, total });
    };
    uploadAdminFile(file, fileName, { onProgress, signal: current.signal }).then(
      () => {
        if (controller.current !== current) return;
        controller.current = null;
        setState({ phase: 'idle' });
        latest.current(fileName);
      },
      (error: unknown) => {
        if (controller.current !== current) return;
        controller.current = null;
        if (isAbortError(error)) setState({ phase: 'idle' });
        else setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, send, cancel, reset };
}
