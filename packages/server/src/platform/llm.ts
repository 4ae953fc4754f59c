import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../errors.js';
import { msg } from '../messages/message.js';

/**
 * The model provider: one OpenAI-compatible chat-completions endpoint (`LLM_BASE_URL`,
 * `LLM_API_KEY`, `LLM_MODEL`; DeepSeek, Qwen, GPT, vLLM, Ollama, llama.cpp all speak it). Plain
 * `fetch` and a small server-sent-events reader instead of the `openai` SDK: the two calls we make
 * need nothing more, and the retry, timeout and token rules below stay ours and visible.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Tokens a call consumed, as the provider reported them (estimated when it did not). */
export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface ChatOptions {
  /** Overrides the configured model (e.g. the translation model). */
  model?: string;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  /** Asks for JSON matching this schema (OpenAI's `response_format: json_schema`). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
}

export interface ChatAnswer {
  text: string;
  usage: TokenUsage;
}

export interface LlmClient {
  readonly model: string;
  /** One whole answer. */
  complete(messages: ChatMessage[], options?: ChatOptions): Promise<ChatAnswer>;
  /**
   * The answer as it is generated: yields text deltas and returns the usage once done. Retries
   * happen only before the first delta; after that a failure ends the stream with `LlmUnavailable`.
   */
  stream(messages: ChatMessage[], options?: ChatOptions): AsyncGenerator<string, TokenUsage>;
}

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  /** Time allowed until the answer's headers (and between two streamed chunks). Default 60 s. */
  timeoutMs?: number;
  /** Further attempts after a 429, a 5xx, a timeout or a dropped connection. Default 3. */
  maxRetries?: number;
  /** First back-off; doubled each retry, a provider's Retry-After wins (capped). Default 500 ms. */
  retryBaseMs?: number;
}

const MAX_BACKOFF_MS = 10_000;

/** The provider could not answer (down, rate-limited past the retries, refused, or too slow). */
export class LlmUnavailable extends AppError {
  constructor(readonly detail: string) {
    super(ERROR_CODES.unavailable, msg('llmUnavailable'));
  }
}

/** Rough token count for providers that report no usage: ~4 Latin characters or 1 CJK character a token. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff\uf900-\ufaff]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

const isRetryable = (status: number) => status === 429 || status >= 500;

function backoffMs(attempt: number, base: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  const wanted = Number.isFinite(seconds) ? seconds * 1000 : base * 2 ** attempt;
  return Math.min(Math.max(wanted, 0), MAX_BACKOFF_MS);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

function usageOf(chunk: CompletionChunk | null, messages: ChatMessage[], text: string): TokenUsage {
  const u = chunk?.usage;
  if (u && typeof u.prompt_tokens === 'number' && typeof u.completion_tokens === 'number')
    return { input_tokens: u.prompt_tokens, output_tokens: u.completion_tokens };
  return {
    input_tokens: messages.reduce((n, m) => n + estimateTokens(m.content), 0),
    output_tokens: estimateTokens(text),
  };
}

/** Reads `data:` lines of a server-sent-events body, one JSON chunk at a time, until `[DONE]`. */
async function* sseChunks(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  signal?: AbortSignal,
): AsyncGenerator<CompletionChunk> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const read = reader.read();
      let timer: NodeJS.Timeout | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new LlmUnavailable(`no data for ${idleMs} ms`)), idleMs);
      });
      const { done, value } = await Promise.race([read, idle])
        .catch((error: unknown) => {
          if (signal?.aborted) throw signal.reason as Error;
          if (error instanceof LlmUnavailable) throw error;
          throw new LlmUnavailable(`the stream broke off: ${String(error)}`);
        })
        .finally(() => clearTimeout(timer));
      if (signal?.aborted) throw signal.reason as Error;
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        try {
          yield JSON.parse(data) as CompletionChunk;
        } catch {
          throw new LlmUnavailable('the provider sent a malformed stream');
        }
      }
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/** The client settings of the configuration's provider (config.llm), or null when none is set. */
export function llmSettingsOf(
  c: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null,
): LlmSettings | null {
  return c ? { baseUrl: c.baseUrl, apiKey: c.apiKey, model: c.model, timeoutMs: c.timeoutMs } : null;
}

/** A client of the configured provider, or null when none is configured. */
export function createLlmClient(settings: LlmSettings | null): LlmClient | null {
  if (!settings) return null;
  const { model, apiKey } = settings;
  const base = settings.baseUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 60_000;
  const maxRetries = settings.maxRetries ?? 3;
  const retryBaseMs = settings.retryBaseMs ?? 500;

  /** Sends the request, retrying what may pass; answers the response with a 2xx status. */
  async function send(body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
    let lastProblem: string;
    for (let attempt = 0; ; attempt++) {
      const attemptSignal = signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs);
      let retryAfter: string | null = null;
      try {
        const response = await fetch(`${base}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: body.stream ? 'text/event-stream' : 'application/json',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          signal: attemptSignal,
        });
        if (response.ok) return response;
        retryAfter = response.headers.get('retry-after');
        lastProblem = `HTTP ${response.status}`;
        await response.body?.cancel().catch(() => undefined);
        if (!isRetryable(response.status)) throw new LlmUnavailable(`the provider answered ${lastProblem}`);
      } catch (error) {
        if (signal?.aborted) throw signal.reason as Error;
        if (error instanceof LlmUnavailable) throw error;
        lastProblem =
          (error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : String(error);
      }
      if (attempt >= maxRetries) throw new LlmUnavailable(`${lastProblem} after ${attempt + 1} attempts`);
      await sleep(backoffMs(attempt, retryBaseMs, retryAfter), signal);
    }
  }

  const requestBody = (messages: ChatMessage[], options: ChatOptions, stream: boolean) => ({
    model: options.model ?? model,
    messages,
    ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.jsonSchema
      ? { response_format: { type: 'json_schema', json_schema: { ...options.jsonSchema, strict: true } } }
      : {}),
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });

  return {
    model,

    async complete(messages, options = {}) {
      const response = await send(requestBody(messages, options, false), options.signal);
      let answer: CompletionChunk;
      try {
        answer = (await response.json()) as CompletionChunk;
      } catch {
        throw new LlmUnavailable('the provider sent a malformed answer');
      }
      const text = answer.choices?.[0]?.message?.content;
      if (typeof text !== 'string') throw new LlmUnavailable('the provider sent no answer');
      return { text, usage: usageOf(answer, messages, text) };
    },

    async *stream(messages, options = {}) {
      const response = await send(requestBody(messages, options, true), options.signal);
      if (!response.body) throw new LlmUnavailable('the provider sent no stream');
      let text = '';
      let last: CompletionChunk | null = null;
      for await (const chunk of sseChunks(response.body, timeoutMs, options.signal)) {
        if (chunk.usage) last = chunk;
        const delta = chunk.choices?.[0]?.delta?.content;
        if (delta) {
          text += delta;
          yield delta;
        }
      }
      return usageOf(last, messages, text);
    },
  };
}
