import type { ReportLanguage } from '@rl/contract';
import type { ChatMessage, LlmClient, TokenUsage } from '../../platform/llm.js';
import type { GlossaryEntry } from '../glossary/builtin-glossary.js';
import { singularOf } from '../../text/english-inflection.js';

/**
 * A question asked in the other language than its report's: BM25 finds nothing in common between
 * "会员费是多少？" and an English filing, and the conversation would fall back on the previous
 * question's passages. So the question is searched together with its terms in the report's
 * language: from the model when a provider is configured, and always from the finance glossary
 * (modules/glossary), which needs no provider.
 */

const HAN = /\p{Script=Han}/gu;
const LATIN_WORD = /[A-Za-z]{2,}/g;

/** The language a question is written in: Chinese when it has more Han characters than Latin words. */
export function questionLanguage(text: string): ReportLanguage {
  const han = text.match(HAN)?.length ?? 0;
  const words = text.match(LATIN_WORD)?.length ?? 0;
  return han >= 2 && han >= words ? 'zh' : 'en';
}

interface GlossaryForms {
  /** Every Chinese form with its English terms, the longest first (greedy longest match). */
  zh: { form: string; terms: string[] }[];
  /** Every English form, lower case and with each word singular, with its Chinese terms. */
  en: { form: string; singular: string; terms: string[] }[];
}
const formsOf = new WeakMap<readonly GlossaryEntry[], GlossaryForms>();

/** The glossary's forms, sorted once per glossary in use. */
function glossaryForms(glossary: readonly GlossaryEntry[]): GlossaryForms {
  let forms = formsOf.get(glossary);
  if (forms) return forms;
  forms = {
    zh: glossary
      .flatMap((g) => g.zh.map((form) => ({ form, terms: g.en })))
      .sort((a, b) => b.form.length - a.form.length),
    en: glossary.flatMap((g) =>
      g.en.map((form) => ({
        form: form.toLowerCase(),
        singular: singularWords(spacedWords(form)),
        terms: g.zh,
      })),
    ),
  };
  formsOf.set(glossary, forms);
  return forms;
}

/** Lower-case words between single spaces, with a space at each end: " what are the risks ". */
function spacedWords(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9&/.'’-]+/g, ' ')
    .replace(/[.'’-]+(?= |$)/g, ' ')
    .trim()
    .split(/\s+/);
  return ` ${words.join(' ')} `;
}

/** Spaced words with each word singular (english-inflection.ts): " exchange rate " for both numbers. */
const singularWords = (spaced: string): string =>
  spaced.replace(/[a-z]+(?:'s?)?(?= )/g, (w) => singularOf(w));

/** The finance terms a question names, in the other language (none for a question in `to`). */
export function glossaryTerms(
  question: string,
  to: ReportLanguage,
  glossary: readonly GlossaryEntry[],
): string[] {
  if (questionLanguage(question) === to) return [];
  const found = new Set<string>();
  const { zh: zhForms, en: enForms } = glossaryForms(glossary);
  if (to === 'en') {
    for (let i = 0; i < question.length;) {
      const hit = zhForms.find(({ form }) => question.startsWith(form, i));
      if (hit) hit.terms.forEach((t) => found.add(t));
      i += hit ? hit.form.length : 1;
    }
  } else {
    // Whole words only, in either number: "fed" is not in "federal", "risks" is "risk" and
    // "exchange rate" is the form "exchange rates".
    const words = spacedWords(question);
    const singular = singularWords(words);
    for (const { form, singular: one, terms } of enForms) {
      if ([form, `${form}s`, `${form}es`].some((f) => words.includes(` ${f} `)) || singular.includes(one))
        terms.forEach((t) => found.add(t));
    }
  }
  return [...found];
}

/** What a report is searched with for a question: the question and its glossary terms. */
export function searchText(
  question: string,
  reportLanguage: ReportLanguage,
  glossary: readonly GlossaryEntry[],
): string {
  const terms = glossaryTerms(question, reportLanguage, glossary);
  return terms.length ? `${question}\n${terms.join(' ')}` : question;
}

const LANGUAGE_NAMES: Record<ReportLanguage, string> = { en: 'English', zh: 'Simplified Chinese' };
const MAX_TRANSLATION_TOKENS = 200;

export function translationPrompt(question: string, to: ReportLanguage): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        `Translate the user's question about a financial report into ${LANGUAGE_NAMES[to]}, ` +
        'using the terms such a report would use. Keep names, tickers and numbers as they are. ' +
        'Answer with the translation only.',
    },
    { role: 'user', content: question },
  ];
}

export interface SearchQuestion {
  /** What the report's passages are ranked against. */
  text: string;
  /** The provider tokens the translation took (null: none asked). */
  usage: TokenUsage | null;
}

/**
 * The question ready to search a report in `reportLanguage`. In the report's language it is the
 * question itself. Otherwise the glossary terms are added, and with a provider its translation
 * too; a provider that fails leaves the glossary's terms, and the answer itself reports the
 * provider's state.
 */
export async function searchQuestion(
  question: string,
  reportLanguage: ReportLanguage,
  tools: { llm: LlmClient | null; glossary: readonly GlossaryEntry[] },
  signal?: AbortSignal,
): Promise<SearchQuestion> {
  const { llm } = tools;
  const glossary = searchText(question, reportLanguage, tools.glossary);
  if (!llm || questionLanguage(question) === reportLanguage) return { text: glossary, usage: null };
  try {
    const answer = await llm.complete(translationPrompt(question, reportLanguage), {
      maxTokens: MAX_TRANSLATION_TOKENS,
      temperature: 0,
      ...(signal ? { signal } : {}),
    });
    return { text: `${glossary}\n${answer.text.trim()}`, usage: answer.usage };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { text: glossary, usage: null };
  }
}
