import type { TranslateStatus } from '@rl/contract/constants';

/** Translation poll interval (SPEC.md section 9). */
export const TRANSLATION_POLL_MS = 1000;

export interface TranslationQueryResult {
  task_status: TranslateStatus;
  /** Share of the pages done, 0 to 1. */
  progress?: number;
  encrypted_file_url?: string | null;
}

/** The translate calls (`/api/file/translate/query` and `/submit`). */
export interface TranslationApi {
  query(fileId: string, signal: AbortSignal): Promise<TranslationQueryResult>;
  submit(fileId: string, signal: AbortSignal): Promise<unknown>;
}

export interface TranslationPollEvents {
  onStatus(status: TranslateStatus, progress: number): void;
  onRetry(): void;
  onFinish(chineseFileUrl: string): void;
  /**
   * The poll stopped: the translation failed twice (no `error`), or a call failed (`error`, e.g.
   * no translation service, the quota spent). The caller switches the preview to English.
   */
  onFailed(error?: unknown): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/**
 * Drives a file's translation (SPEC.md section 4): not_started submits then queries again;
 * pending queries again after 1 s; finish hands over the Chinese URL; a first failure sets the
 * retry flag and resubmits, a second one gives up. Returns a function that cancels the poll.
 */
export function startTranslationPoll(
  fileId: string,
  api: TranslationApi,
  events: TranslationPollEvents,
  options: { alreadyRetried?: boolean; intervalMs?: number } = {},
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let retried = options.alreadyRetried ?? false;

  const run = async () => {
    for (;;) {
      const result = await api.query(fileId, signal);
      if (signal.aborted) return;
      events.onStatus(result.task_status, result.progress ?? 0);
      switch (result.task_status) {
        case 'not_started':
          await api.submit(fileId, signal);
          break;
        case 'pending':
          await sleep(options.intervalMs ?? TRANSLATION_POLL_MS, signal);
          break;
        case 'finish':
          if (result.encrypted_file_url) events.onFinish(result.encrypted_file_url);
          else events.onFailed();
          return;
        case 'failed':
          if (retried) return events.onFailed();
          retried = true;
          events.onRetry();
          await api.submit(fileId, signal);
          break;
      }
      if (signal.aborted) return;
    }
  };

  run().catch((error: unknown) => {
    if (!signal.aborted) {
      events.onFailed(error);
    }
  });
  return () => controller.abort();
}
