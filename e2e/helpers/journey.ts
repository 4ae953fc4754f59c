import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { screenshotFailure } from './screenshots';
import { startServer, type RunningServer, type ServerOptions } from './server';

export interface Journey {
  server: RunningServer;
  session: BrowserSession;
  page: Page;
}

/**
 * The hooks of one journey (a `describe`): a real server and a fresh browser before its tests, a
 * screenshot of each failed test, both stopped after. `onStart` receives them. Options given as a
 * function are read when the server starts (after the journey's earlier `beforeAll` hooks).
 */
export function useJourney(
  options: ServerOptions | (() => ServerOptions),
  onStart: (journey: Journey) => void,
): void {
  let server: RunningServer | undefined;
  let session: BrowserSession | undefined;

  beforeAll(async () => {
    server = await startServer(typeof options === 'function' ? options() : options);
    session = await openBrowser();
    onStart({ server, session, page: session.page });
  });

  afterEach(async (context) => {
    if (session && context.task.result?.state === 'fail') {
      await screenshotFailure(session.page, context.task.name, server?.log);
    }
  });

  afterAll(async () => {
    await session?.close();
    await server?.stop();
  });
}
