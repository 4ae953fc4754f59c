import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '../src/platform/llm.js';

/** What the fake provider received in one call. */
export interface LlmRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  max_tokens?: number;
  /** The structured-output request, when the call asked for JSON. */
  response_format?: { type: string; json_schema?: { name: string } };
  authorization: string | null;
}

export interface FakeLlmOptions {
  /** The answer to a call; default: "echo: " and the last user message. */
  reply?: (request: LlmRequest) => string;
  /** Characters per streamed chunk (default 8). */
  chunkSize?: number;
  /** Report usage in the answer (default true; false: a provider that reports none). */
  reportUsage?: boolean;
}

export interface FakeLlm {
  /** Base URL as LLM_BASE_URL takes it (ends in /v1). */
  url: string;
  requests: LlmRequest[];
  /** The next `times` calls answer `status` (with an optional Retry-After in seconds). */
  failNext(status: number, times?: number, retryAfterS?: number): void;
  /** The next call waits `ms` before answering anything. */
  delayNext(ms: number): void;
  /** The next streamed answer stops (connection destroyed) after this many chunks. */
  dropStreamAfter(chunks: number): void;
  close(): Promise<void>;
}

/** The usage the fake reports: one token per 4 characters, rounded up (deterministic). */
export const fakeTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * A real local HTTP server speaking the OpenAI chat-completions protocol (JSON and server-sent
 * events), deterministic, and able to fail, rate-limit, stall or drop on demand. Tests point
 * LLM_BASE_URL at it; nothing leaves the machine.
 */
export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const requests: LlmRequest[] = [];
  const failures: { status: number; retryAfterS?: number }[] = [];
  let delayMs = 0;
  let dropAfter: number | null = null;
  const chunkSize = options.chunkSize ?? 8;
  const reply =
    options.reply ??
    ((r: LlmRequest) => `echo: ${[...r.messages].reverse().find((m) => m.role === 'user')?.content ?? ''}`);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const request = await readRequest(req);
    requests.push(request);
    if (delayMs) {
      const wait = delayMs;
      delayMs = 0;
      await new Promise((r) => setTimeout(r, wait));
    }
    const failure = failures.shift();
    if (failure) {
      res.writeHead(failure.status, {
        'content-type': 'application/json',
        ...(failure.retryAfterS !== undefined ? { 'retry-after': String(failure.retryAfterS) } : {}),
      });
      res.end(JSON.stringify({ error: { message: `fake failure ${failure.status}` } }));
      return;
    }
    const text = reply(request);
    const usage = {
      prompt_tokens: request.messages.reduce((n, m) => n + fakeTokens(m.content), 0),
      completion_tokens: fakeTokens(text),
    };
    const reported = options.reportUsage === false ? null : usage;
    if (!request.stream) {
      answerJson(res, request.model, text, reported);
      return;
    }
    const drop = dropAfter;
    dropAfter = null;
    await answerStream(res, text, { chunkSize, drop, reported });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(status, times = 1, retryAfterS) {
      for (let i = 0; i < times; i++)
        failures.push({ status, ...(retryAfterS !== undefined ? { retryAfterS } : {}) });
    },
    delayNext(ms) {
      delayMs = ms;
    },
    dropStreamAfter(chunks) {
      dropAfter = chunks;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/** The call as the fake records it: the body's fields and the Authorization header. */
async function readRequest(req: IncomingMessage): Promise<LlmRequest> {
  const body = JSON.parse(await readBody(req)) as Omit<LlmRequest, 'authorization'>;
  return {
    model: body.model,
    messages: body.messages,
    stream: body.stream === true,
    ...(body.max_tokens ? { max_tokens: body.max_tokens } : {}),
    ...(body.response_format ? { response_format: body.response_format } : {}),
    authorization: req.headers.authorization ?? null,
  };
}

type Usage = { prompt_tokens: number; completion_tokens: number };

/** The whole answer as one JSON completion. */
function answerJson(res: ServerResponse, model: string, text: string, reported: Usage | null): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'fake',
      object: 'chat.completion',
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: reported,
    }),
  );
}

/** The answer as server-sent events of `chunkSize` characters, dropped after `drop` chunks if set. */
async function answerStream(
  res: ServerResponse,
  text: string,
  opts: { chunkSize: number; drop: number | null; reported: Usage | null },
): Promise<void> {
  const { chunkSize, drop, reported } = opts;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let sent = 0;
  for (let i = 0; i < text.length; i += chunkSize) {
    if (drop !== null && sent >= drop) {
      // Let what was written reach the client first: the drop comes mid-answer, not before it.
      await new Promise((r) => setTimeout(r, 50));
      res.destroy();
      return;
    }
    const delta = { choices: [{ index: 0, delta: { content: text.slice(i, i + chunkSize) } }] };
    res.write(`data: ${JSON.stringify(delta)}\n\n`);
    sent++;
  }
  if (reported) res.write(`data: ${JSON.stringify({ choices: [], usage: reported })}\n\n`);
  res.end('data: [DONE]\n\n');
}
