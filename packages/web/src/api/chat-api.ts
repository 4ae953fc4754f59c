import type { ChatDoneEvent, ChatErrorEvent, Citation, HistoryResponse } from '@rl/contract';
import { isAbortError } from './api-error';
import { loadContract } from './contract';
import { failAnswer, failCall, networkError, postApi, requestHeaders, type CallOptions } from './http-client';
import { createSseParser } from './sse-parser';

export const CHAT_PATH = '/api/dialog/chat';
export const HISTORY_PATH = '/api/dialog/history';

/** HTTP status of "the AI service is unavailable": said in the panel, not by a toast. */
export const SERVICE_UNAVAILABLE = 503;

export interface ChatStreamHandlers {
  onCitation(citation: Citation): void;
  onDelta(text: string): void;
}

/** How a streamed answer ended. `broken`: the body ended with neither `done` nor `error`. */
export type ChatOutcome =
  { kind: 'done'; done: ChatDoneEvent } | { kind: 'error'; error: ChatErrorEvent } | { kind: 'broken' };

/** The chat about one file (`/api/dialog/*`): its stored history, and a question answered as it streams. */
export const chatApi = {
  /** The caller's conversation about a file; the panel says itself when it fails. */
  history: (fileId: string, options: CallOptions = {}): Promise<HistoryResponse> =>
    postApi(HISTORY_PATH, { file_id: fileId }, (c) => c.HistoryResponse, { catalogue: false, ...options }),

  /**
   * Asks a question and reads the answer as it streams (fetch + ReadableStream). JSON errors come
   * before any streaming and throw `ApiError`: the error catalogue handles them (login, plans,
   * not found, toasts) except 503, which the panel shows. Aborting `signal` throws an AbortError.
   */
  async ask(
    fileId: string,
    question: string,
    handlers: ChatStreamHandlers,
    signal?: AbortSignal,
  ): Promise<ChatOutcome> {
    const headers = requestHeaders();
    headers.set('Accept', 'text/event-stream');
    headers.set('Content-Type', 'application/json');
    let response: Response;
    try {
      response = await fetch(CHAT_PATH, {
        method: 'POST',
        headers,
        body: JSON.stringify({ file_id: fileId, question }),
        signal,
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      return failCall(networkError(), { hideErrorMessage: true });
    }
    if (!response.ok || !response.body) {
      const answer = {
        status: response.ok ? 502 : response.status,
        text: await response.text(),
        country: response.headers.get('x-country-code'),
      };
      const options: CallOptions = {
        catalogue: answer.status !== SERVICE_UNAVAILABLE,
        hideErrorMessage: true,
      };
      return failAnswer(answer, options);
    }
    return readStream(response.body, handlers, signal);
  },
};

/** Query keys of the chat. */
export const chatKeys = {
  history: (fileId: string) => ['dialog-history', fileId] as const,
};

async function readStream(
  body: ReadableStream<Uint8Array>,
  handlers: ChatStreamHandlers,
  signal: AbortSignal | undefined,
): Promise<ChatOutcome> {
  const contract = await loadContract();
  // Set inside the parser's callback (the cast keeps TypeScript from narrowing it to null).
  let outcome = null as ChatOutcome | null;
  const parser = createSseParser(({ event, data }) => {
    if (outcome) return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    if (event === 'citation') {
      const parsed = contract.ChatCitationEvent.safeParse(json);
      if (parsed.success) handlers.onCitation(parsed.data);
    } else if (event === 'delta') {
      const parsed = contract.ChatDeltaEvent.safeParse(json);
      if (parsed.success) handlers.onDelta(parsed.data.text);
    } else if (event === 'done') {
      const parsed = contract.ChatDoneEvent.safeParse(json);
      if (parsed.success) outcome = { kind: 'done', done: parsed.data };
    } else if (event === 'error') {
      const parsed = contract.ChatErrorEvent.safeParse(json);
      outcome = {
        kind: 'error',
        error: parsed.success ? parsed.data : { error_msg: '', code: 'stream_error' },
      };
    }
  });

  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw new DOMException('The answer was stopped', 'AbortError');
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal?.aborted || isAbortError(error))
          throw new DOMException('The answer was stopped', 'AbortError');
        return { kind: 'broken' };
      }
      if (signal?.aborted) throw new DOMException('The answer was stopped', 'AbortError');
      if (chunk.done) break;
      parser.push(chunk.value);
      if (outcome) break;
    }
    parser.end();
  } finally {
    signal?.removeEventListener('abort', cancel);
    if (outcome) cancel();
  }
  return outcome ?? { kind: 'broken' };
}
