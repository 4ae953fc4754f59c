import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';

/** One message written to the dev outbox: DATA_DIR/outbox/<time>-<channel>-<random>.json. */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  /** An e-mail's extra header lines and its Message-ID, when it has them. */
  headers?: Record<string, string>;
  message_id?: string;
  sent_at: string;
}

/**
 * The development outbox: without a real mail server or SMS provider, every message is logged and
 * written as a JSON file that people (and tests) read the codes from.
 */
export function createOutbox(dir: string, log?: Logger) {
  return {
    dir,
    async write(msg: Omit<OutboxMessage, 'sent_at'>): Promise<void> {
      const full: OutboxMessage = { ...msg, sent_at: new Date().toISOString() };
      await mkdir(dir, { recursive: true });
      const name = `${full.sent_at.replace(/[:.]/g, '-')}-${msg.channel}-${randomBytes(4).toString('hex')}.json`;
      // Written under a temporary name, then renamed: a reader never sees half a message.
      const tmp = join(dir, `.${name}.tmp`);
      await writeFile(tmp, JSON.stringify(full, null, 2) + '\n', { mode: 0o600 });
      await rename(tmp, join(dir, name));
      log?.info(
        { channel: msg.channel, to: msg.to, subject: msg.subject, file: name },
        'message written to the dev outbox',
      );
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

/** Messages of the outbox, oldest first (tests and tools). */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxMessage),
  );
}
