import { z } from 'zod';
import type { Language } from '../messages/bilingual.js';
import { fromEnglish } from '../messages/from-english.js';
import { msg, render } from '../messages/message.js';

/** One failed check of a request as fastify-type-provider-zod hands it over: zod's issue, split. */
export interface ValidationIssue {
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

const zodChinese = z.locales.zhCN().localeError;

/**
 * What is wrong with a field, in `language`: the contract's own message (found in the catalogue
 * by its English text), else zod's message for the check, in zod's Chinese for a Chinese reader.
 */
export function issueText(issue: ValidationIssue, language: Language): string {
  const english = issue.message ?? render(msg('isInvalid'), 'en');
  if (language === 'en') return english;
  const known = fromEnglish(english);
  if (known) return render(known, language);
  const received = /received (\S+)$/.exec(english)?.[1];
  if (issue.keyword === 'invalid_type' && received) {
    // The issue no longer holds the input zod's Chinese would name the type of: take it from the English.
    return render(msg('zodInvalidType', { expected: String(issue.params?.expected), received }), language);
  }
  const chinese: unknown = zodChinese({ code: issue.keyword, ...issue.params } as never);
  if (typeof chinese === 'string' && chinese) return chinese;
  if (chinese && typeof chinese === 'object' && 'message' in chinese) return String(chinese.message);
  return render(msg('isInvalid'), language);
}
