import { MESSAGES, type MessageKey } from './catalogue.js';
import { msg, type Message } from './message.js';
import { ingestMessages } from './ingest-messages.js';
import { validationMessages } from './validation-messages.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English text of the catalogue without parameters, and its key. */
const exact = new Map<string, MessageKey>(
  (Object.keys(MESSAGES) as MessageKey[])
    .filter((key) => !MESSAGES[key].en.includes('{'))
    .map((key) => [MESSAGES[key].en, key]),
);

/** Areas whose English is written where no reader is known, then found again by its text. */
const WRITTEN_IN_ENGLISH = { ...validationMessages, ...ingestMessages };

/** Their templates (`{field} is required`) as patterns capturing the parameters. */
const patterns = (Object.keys(WRITTEN_IN_ENGLISH) as (keyof typeof WRITTEN_IN_ENGLISH)[])
  .filter((key) => WRITTEN_IN_ENGLISH[key].en.includes('{'))
  .map((key) => {
    const names: string[] = [];
    const source = WRITTEN_IN_ENGLISH[key].en
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { key, names, pattern: new RegExp(`^${source}$`) };
  });

/**
 * The catalogue message an English text was made from (the contract's validation messages are
 * plain English strings shared with the web; ingestion stores why a PDF failed in English), or null when the catalogue does not know it. A
 * parameter that is itself a catalogue text (a form field's name) becomes that message.
 */
export function fromEnglish(text: string): Message | null {
  const key = exact.get(text);
  if (key) return msg(key);
  for (const { key: k, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string | Message> = {};
    names.forEach((name, i) => {
      const value = match[i + 1] ?? '';
      const inner = exact.get(value);
      params[name] = inner ? msg(inner) : value;
    });
    return msg(k, params);
  }
  return null;
}
