import type { DialogMessage } from '@rl/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerCatalogueHandler } from '../../../../api/catalogue-handler';
import type { CatalogueAction } from '../../../../api/error-catalogue';
import { queryClient } from '../../../../api/query-client';
import { QueryScope } from '../../../../api/query-scope';
import { useAuthModalStore } from '../../../../stores/auth-modal-store';
import { useUserStore } from '../../../../stores/user-store';
import { viewerStore } from '../../../../stores/viewer-store';
import { buildUserInfo } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { ChatPanel } from './chat-panel';

const FILE_ID = 'f'.repeat(24);

/** A chat body the test writes to piece by piece, as the network would deliver it. */
function sseBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    stream,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

interface Routes {
  history?: () => Response;
  chat?: (signal: AbortSignal | undefined) => Response;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubServer(routes: Routes) {
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (path === '/api/dialog/history') return (routes.history ?? (() => json({ messages: [] })))();
    if (path === '/api/dialog/chat' && routes.chat) return routes.chat(init?.signal ?? undefined);
    return json({ error_msg: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function streamResponse(stream: ReadableStream<Uint8Array>) {
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function renderPanel() {
  return renderWithApp(
    <QueryScope>
      <ChatPanel fileId={FILE_ID} />
    </QueryScope>,
  );
}

async function ask(question: string) {
  const input = await screen.findByTestId('chat-input');
  fireEvent.change(input, { target: { value: question } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const answerText = () => screen.getAllByTestId('chat-answer').at(-1)!;
/** The answer's own words, without the cited passages listed under it. */
const answerWords = () => answerText().querySelector('.rl-chat-md')?.textContent ?? '';

describe('chat panel', () => {
  let actions: CatalogueAction[];
  let unregister: () => void;
  beforeEach(() => {
    queryClient.clear();
    actions = [];
    unregister = registerCatalogueHandler((action) => actions.push(action));
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
  });
  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
    useUserStore.setState({ token: null, user: null });
    useAuthModalStore.setState({ visible: false, reason: null });
    viewerStore.getState().closeFile();
  });

  it('shows the stored conversation with its citations after a loading state', async () => {
    const messages: DialogMessage[] = [
      {
        id: 'q1',
        role: 'user',
        text: 'What about margins?',
        citations: [],
        created_at: '2026-01-01T00:00:00Z',
      },
      {
        id: 'a1',
        role: 'assistant',
        text: 'Margins **rose** [p. 2].',
        citations: [{ page: 2, text: 'Gross margin rose to 41%.' }],
        created_at: '2026-01-01T00:00:01Z',
      },
    ];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubServer({ history: () => json({ messages }) });
    vi.mocked(fetch).mockImplementationOnce(async () => {
      await gate;
      return json({ messages });
    });
    renderPanel();
    expect(await screen.findByTestId('chat-history-loading')).toBeTruthy();
    release();
    expect(await screen.findByText('What about margins?')).toBeTruthy();
    expect(screen.queryByTestId('chat-history-loading')).toBeNull();
    const source = screen.getByTestId('chat-source');
    expect(source.textContent).toContain('Gross margin rose to 41%.');
  });

  it('says "Failed to load dialog history" when the history fails, and retries', async () => {
    let fail = true;
    stubServer({ history: () => (fail ? json({ error_msg: 'boom' }, 500) : json({ messages: [] })) });
    renderPanel();
    const alert = await screen.findByTestId('chat-history-failed');
    expect(alert.textContent).toContain('Failed to load dialog history');
    expect(actions).toEqual([]);
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.queryByTestId('chat-history-failed')).toBeNull());
  });

  it('asks a visitor to log in, with the app login modal, and sends nothing', () => {
    useUserStore.setState({ token: null, user: null });
    const fetchStub = stubServer({});
    renderPanel();
    fireEvent.click(screen.getByTestId('chat-login'));
    expect(useAuthModalStore.getState().visible).toBe(true);
    expect(useAuthModalStore.getState().reason).toBe('viewer.chat.loginReason');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows the login prompt when the server answers 401, through the catalogue', async () => {
    stubServer({ chat: () => json({ error_msg: 'Please log in', code: 'unauthorized' }, 401) });
    renderPanel();
    await ask('Anything?');
    expect(await screen.findByTestId('chat-login-prompt')).toBeTruthy();
    expect(actions.map((a) => a.kind)).toEqual(['notAuthorizedModal']);
  });

  it('streams the answer in as it arrives, then keeps it in the conversation', async () => {
    const body = sseBody();
    const fetchStub = stubServer({ chat: () => streamResponse(body.stream) });
    renderPanel();
    await screen.findByText(/Ask a question about this report/);
    await ask('How did revenue do?');

    const call = fetchStub.mock.calls.find(([path]) => path === '/api/dialog/chat');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      file_id: FILE_ID,
      question: 'How did revenue do?',
    });
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBe('Bearer tok');
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByTestId('chat-stop')).toBeTruthy();

    // Chunks split inside an event, a field name and a JSON string.
    const all =
      event('citation', { page: 3, text: 'Revenue grew 12% year on year.' }) +
      event('delta', { text: 'Revenue **grew** ' }) +
      event('delta', { text: '12% [p. 3].' });
    const firstDeltaEnd = all.indexOf('grew** ') + 'grew** "}\n\n'.length;
    await act(async () => body.push(all.slice(0, 30)));
    await act(async () => body.push(all.slice(30, firstDeltaEnd)));
    await waitFor(() => expect(answerWords()).toContain('Revenue grew'));
    expect(answerWords()).not.toContain('12%');
    expect(screen.getByTestId('chat-source').textContent).toContain('Revenue grew 12% year on year.');

    await act(async () => body.push(all.slice(firstDeltaEnd, firstDeltaEnd + 9)));
    await act(async () => body.push(all.slice(firstDeltaEnd + 9)));
    await waitFor(() => expect(answerWords()).toContain('12%'));
    expect(within(answerText()).getAllByTestId('chat-citation')).toHaveLength(2);

    await act(async () => {
      body.push(event('done', { message_id: 'm9', mode: 'passages', usage: null }));
      body.close();
    });
    await waitFor(() => expect(screen.queryByTestId('chat-stop')).toBeNull());
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).disabled).toBe(false);
    expect(answerText().getAttribute('data-status')).toBe('done');
    expect(answerText().querySelector('strong')?.textContent).toBe('grew');
    expect(screen.getAllByTestId('chat-question').map((q) => q.textContent)).toEqual([
      'YouHow did revenue do?',
    ]);
  });

  it('scrolls the PDF to the cited page when a citation is clicked', async () => {
    const body = sseBody();
    stubServer({ chat: () => streamResponse(body.stream) });
    const requestPage = vi.spyOn(viewerStore.getState(), 'requestPage');
    renderPanel();
    await ask('Debt?');
    await act(async () => {
      body.push(
        event('citation', { page: 7, text: 'Net debt fell.' }) +
          event('delta', { text: 'Net debt fell [p. 7].' }),
      );
    });
    const chip = await within(await screen.findByTestId('chat-sources')).findByTestId('chat-citation');
    fireEvent.click(within(answerText()).getAllByTestId('chat-citation')[0]!);
    expect(requestPage).toHaveBeenCalledWith(7);
    requestPage.mockRestore();
    fireEvent.click(chip);
    expect(viewerStore.getState().pageRequest?.page).toBe(7);
    await act(async () => body.close());
  });

  it('marks the partial answer failed with the message of an error event', async () => {
    const body = sseBody();
    stubServer({ chat: () => streamResponse(body.stream) });
    renderPanel();
    await ask('Outlook?');
    await act(async () => {
      body.push(event('delta', { text: 'The outlook is ' }));
      body.push(
        event('error', { error_msg: 'The AI service broke off, please try again', code: 'llm_failed' }),
      );
      body.close();
    });
    await waitFor(() => expect(answerText().getAttribute('data-status')).toBe('failed'));
    expect(answerText().textContent).toContain('The outlook is');
    expect(screen.getByTestId('chat-failure').textContent).toContain(
      'The AI service broke off, please try again',
    );
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).disabled).toBe(false);
  });

  it('says in the panel that the AI service is unavailable on 503, without a toast', async () => {
    stubServer({
      chat: () =>
        json({ error_msg: 'The AI service is unavailable, please try again later', code: 'x' }, 503),
    });
    renderPanel();
    await ask('Anything?');
    expect((await screen.findByTestId('chat-failure')).textContent).toContain(
      'The AI service is unavailable, please try again later',
    );
    expect(actions).toEqual([]);
  });

  it('hands a 403 quota answer to the catalogue (the plans modal)', async () => {
    stubServer({ chat: () => json({ error_msg: 'quota', code: 'quota_exceeded' }, 403) });
    renderPanel();
    await ask('Anything?');
    await screen.findByTestId('chat-failure');
    expect(actions.map((a) => a.kind)).toEqual(['openSubscription']);
  });

  it('stops the answer: the fetch is aborted and the partial answer stays, marked stopped', async () => {
    const body = sseBody();
    let seen: AbortSignal | undefined;
    stubServer({
      chat: (signal) => {
        seen = signal;
        return streamResponse(body.stream);
      },
    });
    renderPanel();
    await ask('Long answer please');
    await act(async () => body.push(event('delta', { text: 'Part one' })));
    await waitFor(() => expect(answerText().textContent).toContain('Part one'));
    fireEvent.click(screen.getByTestId('chat-stop'));
    await waitFor(() => expect(answerText().getAttribute('data-status')).toBe('stopped'));
    expect(seen?.aborted).toBe(true);
    expect(answerText().textContent).toContain('Part one');
  });

  it('sends with Enter but not with Shift+Enter', async () => {
    const fetchStub = stubServer({ chat: () => streamResponse(sseBody().stream) });
    renderPanel();
    const input = await screen.findByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'Line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(fetchStub.mock.calls.some(([path]) => path === '/api/dialog/chat')).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(fetchStub.mock.calls.some(([path]) => path === '/api/dialog/chat')).toBe(true),
    );
  });
});
