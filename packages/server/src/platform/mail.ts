import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';
import type { Outbox } from './outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/** Mail through SMTP (nodemailer) when SMTP_URL is set; otherwise into the dev outbox. */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outbox: Outbox;
  log?: Logger;
}): Mailer {
  if (!opts.smtpUrl) {
    return { send: (msg) => opts.outbox.write({ channel: 'email', ...msg }) };
  }
  const transport = createTransport(opts.smtpUrl);
  return {
    async send(msg) {
      await transport.sendMail({ from: opts.from, ...msg });
      opts.log?.info({ to: msg.to, subject: msg.subject }, 'mail sent');
    },
  };
}
