import type { ChatMessage, LlmClient } from '../../platform/llm.js';
import type { TranslateBatch } from '../../pdf/translate/index.js';
import type { GlossaryEntry } from '../glossary/builtin-glossary.js';
import { pinnedTerms, pinnedTermsInstruction, type PinnedTerm } from '../glossary/pinned-terms.js';

/** Output allowed per batch call (a batch is at most DEFAULT_BATCH_CHARS characters of source). */
const BATCH_MAX_TOKENS = 4096;

export const TRANSLATE_SYSTEM_PROMPT =
  'You translate passages of financial research reports into Simplified Chinese. The user sends a ' +
  'JSON array of strings. Answer only with a JSON array of the same length, the translation of ' +
  'each string at the same position. Keep every placeholder like ⟦0⟧ exactly as written, and keep ' +
  'numbers, tickers, units and company names as they are.';

/**
 * The glossary renderings the translator pins for these texts: the English forms found, with their
 * preferred Chinese form (the translator only translates into Chinese; Chinese blocks are skipped).
 */
export const translationPins = (
  texts: string | readonly string[],
  glossary: readonly GlossaryEntry[],
): PinnedTerm[] => pinnedTerms(texts, 'en', glossary);

/**
 * The provider's answer to a batch: a JSON array of exactly `n` strings (a Markdown fence or text
 * around the array is tolerated, nothing else). Throws when the answer is anything else.
 */
export function parseBatchAnswer(text: string, n: number): string[] {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end < start) throw new Error('The translator answered no JSON array');
  let v: unknown;
  try {
    v = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new Error('The translator answered malformed JSON');
  }
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string'))
    throw new Error('The translator answered something other than an array of strings');
  if (v.length !== n) throw new Error(`The translator answered ${v.length} texts for a batch of ${n}`);
  return v;
}

/**
 * One provider request per batch: the texts as a JSON array, the translations back as one (strict
 * parsing), with the glossary's renderings of the terms in the batch pinned. A provider failure or
 * a bad answer throws, which fails the job's attempt.
 */
export function providerTranslateBatch(
  llm: LlmClient,
  opts: { model?: string; signal?: AbortSignal; glossary?: readonly GlossaryEntry[] } = {},
): TranslateBatch {
  return async (texts) => {
    const pins = pinnedTermsInstruction(translationPins(texts, opts.glossary ?? []), 'zh');
    // In the system prompt, the only place every chat template takes instructions (some refuse a
    // second system message); the texts still go as the user's JSON array.
    const messages: ChatMessage[] = [
      { role: 'system', content: pins ? `${TRANSLATE_SYSTEM_PROMPT}\n\n${pins}` : TRANSLATE_SYSTEM_PROMPT },
      { role: 'user', content: JSON.stringify(texts) },
    ];
    const answer = await llm.complete(messages, {
      ...(opts.model ? { model: opts.model } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      maxTokens: BATCH_MAX_TOKENS,
      temperature: 0,
    });
    return parseBatchAnswer(answer.text, texts.length);
  };
}
