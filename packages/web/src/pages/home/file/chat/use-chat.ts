import type { Citation, DialogMessage, HistoryResponse } from '@rl/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, isApiError } from '../../../../api/api-error';
import { chatApi, chatKeys, SERVICE_UNAVAILABLE } from '../../../../api/chat-api';
import { applyErrorCatalogue } from '../../../../api/http-client';
import { useUserStore } from '../../../../stores/user-store';

/**
 * How a failed answer failed. `stream`: the server's `error` event (its message); `unavailable`:
 * 503; `login`: 401; `quota`: 403 (the catalogue opened the plans); `other`: anything else.
 */
export type ChatFailure =
  | { kind: 'stream'; message: string }
  | { kind: 'unavailable'; message: string | null }
  | { kind: 'login' | 'quota' | 'broken' | 'other' };

/** The exchange under way or one that did not end in a stored answer (those join the history). */
export interface ChatTurn {
  key: number;
  question: string;
  answer: string;
  citations: Citation[];
  status: 'streaming' | 'failed' | 'stopped';
  failure: ChatFailure | null;
}

export interface ChatState {
  loggedIn: boolean;
  /** The stored conversation (oldest first). */
  history: DialogMessage[];
  historyStatus: 'pending' | 'error' | 'success';
  /** The history call answered 401, or a question did. */
  needsLogin: boolean;
  retryHistory(): void;
  turns: ChatTurn[];
  streaming: boolean;
  ask(question: string): void;
  stop(): void;
}

function failureOf(error: unknown): ChatFailure {
  if (!isApiError(error)) return { kind: 'other' };
  if (error.status === SERVICE_UNAVAILABLE) return { kind: 'unavailable', message: error.serverMessage };
  if (error.status === 401) return { kind: 'login' };
  if (error.status === 403) return { kind: 'quota' };
  return { kind: 'other' };
}

/** The chat of one file: its history, the question under way and the answer as it streams. */
export function useChat(fileId: string): ChatState {
  const queryClient = useQueryClient();
  const loggedIn = useUserStore((s) => Boolean(s.token));
  const history = useQuery({
    queryKey: chatKeys.history(fileId),
    queryFn: async ({ signal }) => {
      try {
        return await chatApi.history(fileId, { signal });
      } catch (error) {
        // A session that expired meanwhile: the catalogue's login rule; the panel says the rest.
        if (isApiError(error) && error.status === 401) applyErrorCatalogue(error);
        throw error;
      }
    },
    enabled: loggedIn,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [askedLogin, setAskedLogin] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const nextKey = useRef(1);

  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(
    (raw: string) => {
      const question = raw.trim();
      if (!question || controller.current) return;
      const key = nextKey.current++;
      const abort = new AbortController();
      controller.current = abort;
      setStreaming(true);
      setAskedLogin(false);
      const update = (change: (turn: ChatTurn) => ChatTurn) =>
        setTurns((all) => all.map((turn) => (turn.key === key ? change(turn) : turn)));
      setTurns((all) => [
        ...all,
        { key, question, answer: '', citations: [], status: 'streaming', failure: null },
      ]);

      const finish = () => {
        if (controller.current === abort) controller.current = null;
        setStreaming(false);
      };
      // The stream's own copy: the stored exchange is built from it, outside any state updater.
      let answer = '';
      const citations: Citation[] = [];
      chatApi
        .ask(
          fileId,
          question,
          {
            onCitation: (citation) => {
              citations.push(citation);
              const list = [...citations];
              update((turn) => ({ ...turn, citations: list }));
            },
            onDelta: (text) => {
              answer += text;
              const sofar = answer;
              update((turn) => ({ ...turn, answer: sofar }));
            },
          },
          abort.signal,
        )
        .then(
          (outcome) => {
            if (outcome.kind === 'done') {
              // The stored exchange joins the history; the turn leaves.
              const now = new Date().toISOString();
              queryClient.setQueryData<HistoryResponse>(chatKeys.history(fileId), (data) => ({
                messages: [
                  ...(data?.messages ?? []),
                  { id: `asked-${key}`, role: 'user', text: question, citations: [], created_at: now },
                  {
                    id: outcome.done.message_id,
                    role: 'assistant',
                    text: answer,
                    citations,
                    created_at: now,
                  },
                ],
              }));
              setTurns((all) => all.filter((turn) => turn.key !== key));
            } else if (outcome.kind === 'error') {
              update((turn) => ({
                ...turn,
                status: 'failed',
                failure: { kind: 'stream', message: outcome.error.error_msg },
              }));
            } else {
              update((turn) => ({ ...turn, status: 'failed', failure: { kind: 'broken' } }));
            }
          },
          (error: unknown) => {
            if (isAbortError(error)) {
              update((turn) => ({ ...turn, status: 'stopped' }));
              return;
            }
            const failure = failureOf(error);
            if (failure.kind === 'login') setAskedLogin(true);
            update((turn) => ({ ...turn, status: 'failed', failure }));
          },
        )
        .finally(finish);
    },
    [fileId, queryClient],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const retryHistory = useCallback(() => void history.refetch(), [history]);
  const historyLogin = history.isError && isApiError(history.error) && history.error.status === 401;

  return {
    loggedIn,
    history: history.data?.messages ?? [],
    historyStatus: history.status,
    needsLogin: !loggedIn || askedLogin || historyLogin,
    retryHistory,
    turns,
    streaming,
    ask,
    stop,
  };
}
