import type { TranslateStatus } from '@rl/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTranslationPoll, type TranslationApi, type TranslationPollEvents } from './translation-poll';

function scriptedApi(statuses: TranslateStatus[], url = '/zh.pdf') {
  const queue = [...statuses];
  const api: TranslationApi & { submits: number; queries: number } = {
    submits: 0,
    queries: 0,
    query: vi.fn(async () => {
      api.queries += 1;
      const status = queue.shift() ?? 'pending';
      return { task_status: status, encrypted_file_url: status === 'finish' ? url : null };
    }),
    submit: vi.fn(async () => {
      api.submits += 1;
    }),
  };
  return api;
}

function recorder(): TranslationPollEvents & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    onStatus: (status) => log.push(`status:${status}`),
    onRetry: () => log.push('retry'),
    onFinish: (url) => log.push(`finish:${url}`),
    onFailed: (error) => log.push(error ? `error:${(error as Error).message}` : 'failed'),
  };
}

describe('translation poll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('submits when not started, re-queries every second while pending, then finishes', async () => {
    const api = scriptedApi(['not_started', 'pending', 'pending', 'finish']);
    const events = recorder();
    startTranslationPoll('f1', api, events);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.submits).toBe(1);
    expect(api.queries).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(api.queries).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.queries).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(events.log).toEqual([
      'status:not_started',
      'status:pending',
      'status:pending',
      'status:finish',
      'finish:/zh.pdf',
    ]);
  });

  it('retries once after a first failure and gives up on the second', async () => {
    const api = scriptedApi(['failed', 'failed']);
    const events = recorder();
    startTranslationPoll('f1', api, events);
    await vi.advanceTimersByTimeAsync(0);
    expect(events.log).toEqual(['status:failed', 'retry', 'status:failed', 'failed']);
    expect(api.submits).toBe(1);
  });

  it('gives up at once when the retry was already used', async () => {
    const api = scriptedApi(['failed']);
    const events = recorder();
    startTranslationPoll('f1', api, events, { alreadyRetried: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(events.log).toEqual(['status:failed', 'failed']);
    expect(api.submits).toBe(0);
  });

  it('stops at a failed call and hands over its error', async () => {
    const api = scriptedApi(['not_started']);
    api.submit = vi.fn().mockRejectedValue(new Error('no service'));
    const events = recorder();
    startTranslationPoll('f1', api, events);
    await vi.advanceTimersByTimeAsync(5000);
    expect(events.log).toEqual(['status:not_started', 'error:no service']);
    expect(api.queries).toBe(1);
  });

  it('stops polling when cancelled', async () => {
    const api = scriptedApi(['pending', 'pending', 'pending']);
    const events = recorder();
    const cancel = startTranslationPoll('f1', api, events);
    await vi.advanceTimersByTimeAsync(0);
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(api.queries).toBe(1);
    expect(events.log).toEqual(['status:pending']);
  });
});
