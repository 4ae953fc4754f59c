import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the sink accepted: its envelope, its headers (lower-case names, decoded) and its text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
}

/** How the sink answers RCPT TO for an address: accept, or refuse with a reply code. */
export type Refusal = { code: number; message: string };

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** Refuses mail to `to` with `refusal` the next `times` tries (Infinity: always). */
  refuse(to: string, refusal: Refusal, times?: number): void;
  /** Mail to `to` tried and refused so far. */
  refusedCount(to: string): number;
  /**
   * The next mail to each of `to` is read whole and then left without an answer, as a server that
   * stalls before accepting: its sender is mid-send until `release` (or its socket time limit).
   */
  hold(to: string[]): void;
  /** Mails held so far. */
  heldCount(): number;
  /** Answers the held mails with a deferral (to a sender still there) and holds nothing more. */
  release(): void;
  close(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) of a header, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  // 7bit or 8bit: the bytes as sent.
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** A single-part message as nodemailer writes a text e-mail: headers and the decoded text. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text = decodeBody(raw.slice(split + 4), encoding).replace(/\r\n/g, '\n');
  return { headers, subject: headers.get('subject') ?? '', text };
}

/**
 * A real SMTP server on 127.0.0.1 (an ephemeral port) for the test process: it keeps what it
 * accepts and refuses the recipients it is told to, as a mail server that bounces or defers does.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, { refusal: Refusal; left: number }>();
  const refused = new Map<string, number>();
  const toHold = new Set<string>();
  const held: ((err: Error) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // No reverse lookup of the client: the test process makes no name lookups.
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const rule = refusals.get(to);
      if (rule && rule.left > 0) {
        rule.left--;
        refused.set(to, (refused.get(to) ?? 0) + 1);
        const err = new Error(rule.refusal.message) as Error & { responseCode: number };
        err.responseCode = rule.refusal.code;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        if (to.filter((address) => toHold.delete(address)).length) {
          held.push(callback);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to,
          ...parseMail(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  // A sender killed while its mail is held drops the connection: that is the test, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(to, refusal, times = Infinity) {
      refusals.set(to.toLowerCase(), { refusal, left: times });
    },
    refusedCount: (to) => refused.get(to.toLowerCase()) ?? 0,
    hold(to) {
      for (const address of to) toHold.add(address.toLowerCase());
    },
    heldCount: () => held.length,
    release() {
      toHold.clear();
      for (const answer of held.splice(0)) {
        const err = new Error('4.3.0 Held, try again') as Error & { responseCode: number };
        err.responseCode = 451;
        answer(err);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
