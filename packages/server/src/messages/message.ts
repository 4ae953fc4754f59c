import type { Language } from './bilingual.js';
import { MESSAGES, type MessageKey } from './catalogue.js';

/** A parameter may be a message itself (a field's name), rendered in the same language. */
export type MessageParams = Readonly<Record<string, string | number | Message>>;

/** A message of the catalogue with its parameters, rendered in the reader's language at the edge. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

export const msg = (key: MessageKey, params?: MessageParams): Message => ({ key, params });

/** The message in `language`, each `{name}` replaced by its parameter. */
export function render(message: Message, language: Language): string {
  const template = MESSAGES[message.key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = message.params?.[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? render(value, language) : String(value);
  });
}
