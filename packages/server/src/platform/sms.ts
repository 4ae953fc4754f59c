import type { Outbox } from './outbox.js';

export interface SmsMessage {
  /** Country code and digits, e.g. 8613800138000. */
  to: string;
  text: string;
}

/** An SMS provider. A real one (Aliyun, Tencent Cloud, Twilio...) implements this interface. */
export interface SmsSender {
  send(msg: SmsMessage): Promise<void>;
}

/** The development provider: every SMS goes into the dev outbox. */
export function createOutboxSms(outbox: Outbox): SmsSender {
  return { send: (msg) => outbox.write({ channel: 'sms', to: msg.to, subject: 'SMS', text: msg.text }) };
}
