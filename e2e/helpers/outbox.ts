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
 * Waits for the server's dev outbox (DATA_DIR/outbox) to hold an e-mail to `to` sent after `since`
 * that `accept` takes, and answers it.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  since: Date,
  accept: (message: OutboxMessage) => boolean,
  timeoutMs = 30_000,
): Promise<OutboxMessage> {
  const folder = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const message = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as OutboxMessage;
      if (
        message.channel === 'email' &&
        message.to === to &&
        new Date(message.sent_at) >= since &&
        accept(message)
      )
        return message;
    }
    if (Date.now() > deadline) throw new Error(`no matching e-mail to ${to} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Waits for the server's dev outbox (DATA_DIR/outbox) to hold a message to `to` sent after
 * `since`, and answers the 6-digit code in it.
 */
export async function waitForCode(
  dataDir: string,
  to: string,
  since: Date,
  timeoutMs = 15_000,
): Promise<string> {
  const folder = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse()) {
      const message = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as OutboxMessage;
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      if (message.to === to && new Date(message.sent_at) >= since && code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code for ${to} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
