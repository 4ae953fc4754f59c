import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@rl/contract';
import { fakeTokens, startFakeLlm, type FakeLlm } from '../../test/fake-llm-server.js';
import { statusOf } from '../http/error-status.js';
import { MESSAGES } from '../messages/catalogue.js';
import { createLlmClient, estimateTokens, LlmUnavailable, type LlmClient } from './llm.js';

const ask = [{ role: 'user' as const, content: 'What is the target price?' }];

async function collect(stream: AsyncGenerator<string, unknown>) {
  const deltas: string[] = [];
  for (;;) {
    const next = await stream.next();
    if (next.done) return { deltas, result: next.value };
    deltas.push(next.value);
  }
}

describe('model provider client', () => {
  let fake: FakeLlm;
  let llm: LlmClient;

  beforeEach(async () => {
    fake = await startFakeLlm({ reply: () => 'The target price is HK$120, unchanged.' });
    llm = createLlmClient({ baseUrl: fake.url, apiKey: 'sk-test', model: 'fake-1', retryBaseMs: 5 })!;
  });
  afterEach(() => fake.close());

  it('is absent without a provider', () => {
    expect(createLlmClient(null)).toBeNull();
  });

  it('completes a chat with the configured model and key, reporting the provider usage', async () => {
    const answer = await llm.complete(ask, { maxTokens: 50 });
    expect(answer.text).toBe('The target price is HK$120, unchanged.');
    expect(answer.usage).toEqual({
      input_tokens: fakeTokens(ask[0]!.content),
      output_tokens: fakeTokens(answer.text),
    });
    expect(fake.requests[0]).toMatchObject({
      model: 'fake-1',
      stream: false,
      max_tokens: 50,
      authorization: 'Bearer sk-test',
    });
  });

  it('streams the answer in deltas and returns the usage at the end', async () => {
    const { deltas, result } = await collect(llm.stream(ask, { model: 'translate-1' }));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('The target price is HK$120, unchanged.');
    expect(result).toEqual({
      input_tokens: fakeTokens(ask[0]!.content),
      output_tokens: fakeTokens(deltas.join('')),
    });
    expect(fake.requests[0]).toMatchObject({ model: 'translate-1', stream: true });
  });

  it('estimates the usage when the provider reports none', async () => {
    const silent = await startFakeLlm({ reply: () => '目标价维持不变', reportUsage: false });
    try {
      const client = createLlmClient({ baseUrl: silent.url, model: 'm' })!;
      const answer = await client.complete(ask);
      expect(answer.usage).toEqual({ input_tokens: estimateTokens(ask[0]!.content), output_tokens: 7 });
      const streamed = await collect(client.stream(ask));
      expect(streamed.result).toEqual(answer.usage);
    } finally {
      await silent.close();
    }
  });

  it('retries a 429 and 5xx answers with back-off, then succeeds', async () => {
    fake.failNext(429, 1, 0);
    fake.failNext(503, 2);
    const answer = await llm.complete(ask);
    expect(answer.text).toContain('HK$120');
    expect(fake.requests).toHaveLength(4);
  });

  it('gives up after the retries with a clear 503', async () => {
    fake.failNext(500, 4);
    const failure = await llm.complete(ask).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmUnavailable);
    expect((failure as LlmUnavailable).code).toBe(ERROR_CODES.unavailable);
    expect(statusOf((failure as LlmUnavailable).code)).toBe(503);
    expect((failure as LlmUnavailable).message).toBe(MESSAGES.llmUnavailable.en);
    expect(fake.requests).toHaveLength(4);
  });

  it('does not retry a refusal (4xx other than 429)', async () => {
    fake.failNext(401);
    await expect(llm.complete(ask)).rejects.toBeInstanceOf(LlmUnavailable);
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a provider that does not answer, and retries it', async () => {
    const slow = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 200, retryBaseMs: 1 })!;
    fake.delayNext(1000);
    const answer = await slow.complete(ask);
    expect(answer.text).toContain('HK$120');
    expect(fake.requests).toHaveLength(2);
  });

  it('ends a stream that drops in the middle with a 503, without retrying delivered text', async () => {
    fake.dropStreamAfter(2);
    const stream = llm.stream(ask);
    const first = await stream.next();
    expect(first.value).toBe('The targ');
    await expect(collect(stream)).rejects.toBeInstanceOf(LlmUnavailable);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops at once when the caller cancels', async () => {
    const controller = new AbortController();
    fake.delayNext(2000);
    const pending = llm.complete(ask, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(pending).rejects.toThrow('cancelled');
  });

  it('answers 503 when nothing listens at the configured address', async () => {
    await fake.close();
    const gone = createLlmClient({ baseUrl: fake.url, model: 'm', maxRetries: 1, retryBaseMs: 1 })!;
    await expect(gone.complete(ask)).rejects.toBeInstanceOf(LlmUnavailable);
    fake = await startFakeLlm();
  });
});
