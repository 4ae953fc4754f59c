import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMessage {
  channel: string;
  to: string;
  subject?: string;
  text: string;
  headers?: Record<string, string>;
  sent_at: string;
}

/**
 * Waits for the server's dev outbox (DATA_DIR/outbox) to hold a message that `accept` takes, and
 * answers it: the oldest such, or with `newest` the latest (a code sent again replaces the last).
 */
async function waitForMessage(
  dataDir: string,
  what: string,
  accept: (message: OutboxMessage) => boolean,
  timeoutMs: number,
  newest = false,
): Promise<OutboxMessage> {
  const folder = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(folder).catch(() => [] as string[]))
      .filter((n) => n.endsWith('.json'))
      .sort();
    for (const name of newest ? names.reverse() : names) {
      const message = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as OutboxMessage;
      if (accept(message)) return message;
    }
    if (Date.now() > deadline) throw new Error(`no ${what} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sentTo = (message: OutboxMessage, to: string, since: Date) =>
  message.to === to && new Date(message.sent_at) >= since;

/** Waits for an e-mail to `to` sent after `since` that `accept` takes, and answers it. */
export function waitForMail(
  dataDir: string,
  to: string,
  since: Date,
  accept: (message: OutboxMessage) => boolean,
  timeoutMs = 30_000,
): Promise<OutboxMessage> {
  const matches = (message: OutboxMessage) =>
    message.channel === 'email' && sentTo(message, to, since) && accept(message);
  return waitForMessage(dataDir, `matching e-mail to ${to}`, matches, timeoutMs);
}

const codeIn = (message: OutboxMessage) => /\b(\d{6})\b/.exec(message.text)?.[1];

/**
 * Waits for a message (e-mail or SMS) to `to` sent after `since` with a 6-digit code, and answers
 * the code of the latest.
 */
export async function waitForCode(
  dataDir: string,
  to: string,
  since: Date,
  timeoutMs = 15_000,
): Promise<string> {
  const matches = (message: OutboxMessage) => sentTo(message, to, since) && codeIn(message) !== undefined;
  return codeIn(await waitForMessage(dataDir, `code for ${to}`, matches, timeoutMs, true)) ?? '';
}
