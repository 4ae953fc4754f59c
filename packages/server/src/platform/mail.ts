import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';
import type { Outbox } from './outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra header lines (List-Unsubscribe, ...), written as given. */
  headers?: Record<string, string>;
  /** `<id@host>`; the same on every try of one message, so a receiver can drop a repeat. */
  messageId?: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  /** Closes the connections kept open to the SMTP server. */
  close(): void;
}

/**
 * How long one send may wait on the SMTP server, each way: well under the lease a digest is sent
 * under (modules/digests), so a stalled server fails the try instead of outliving the lease.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Connections kept open to the SMTP server: a digest run sends thousands of mails, and a new
 * connection (and TLS handshake) for each one cost ~100 ms against a local server.
 */
const SMTP_CONNECTIONS = 4;

/** Mail through SMTP (nodemailer) when SMTP_URL is set; otherwise into the dev outbox. */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outbox: Outbox;
  log?: Logger;
}): Mailer {
  if (!opts.smtpUrl) {
    return {
      send: ({ headers, messageId, ...msg }) =>
        opts.outbox.write({
          channel: 'email',
          ...msg,
          ...(headers && { headers }),
          ...(messageId && { message_id: messageId }),
        }),
      close: () => undefined,
    };
  }
  // Options in the URL's query (?socketTimeout=…) win over these.
  const transport = createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    ...SMTP_TIMEOUTS,
  });
  return {
    async send(msg) {
      await transport.sendMail({ from: opts.from, ...msg });
      opts.log?.info({ to: msg.to, subject: msg.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}
