import { vi } from 'vitest';

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedCall {
  path: string;
  method: string;
  body: Record<string, unknown> | undefined;
  headers: Headers;
}

type Route = Answer | ((call: RecordedCall) => Answer);

/**
 * Stubs fetch at the HTTP boundary: answers by path (a fixed answer or a function of the call),
 * 404 for anything else, and records every call with its JSON body.
 */
export function recordFetch(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const call: RecordedCall = {
      path,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[path];
    const answer =
      typeof route === 'function'
        ? route(call)
        : (route ?? { status: 404, body: { error_msg: 'not found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The calls made to one path. */
    to: (path: string) => calls.filter((call) => call.path === path),
  };
}
