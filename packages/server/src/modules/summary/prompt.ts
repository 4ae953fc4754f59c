import type { Logger } from 'pino';
import type { ChatMessage, LlmClient, TokenUsage } from '../../platform/llm.js';
import { contentPages } from '../../pdf/boilerplate.js';
import { builtinGlossarySource, type GlossarySource } from '../glossary/glossary-source.js';
import { pinnedTerms, pinnedTermsInstruction } from '../glossary/pinned-terms.js';
import { extractiveSummary } from './extractive.js';

/** The provider reads at most this much of a report: its first pages, where the thesis is. */
export const ABSTRACT_INPUT_CHARS = 12_000;
const ABSTRACT_PAGES = 8;

export interface Summaries {
  standard: string;
  compact: string;
  kind: 'extractive' | 'abstractive';
  /** language → summary; 'zh-hans' only when a provider translated it. */
  translations: Record<string, string>;
}

/** Summaries and the provider tokens writing them took (none without a provider). */
export interface Summarised {
  summaries: Summaries;
  /**
   * The sum of the usage of the provider calls that answered, as the provider reported it (the
   * client estimates it with estimateTokens when the provider reports none). A call that failed
   * (an error status, no answer) counts nothing: no answer came back to count.
   */
  usage: TokenUsage;
}

const languageName = (language: string) => (language === 'zh' ? 'Simplified Chinese' : 'English');

/**
 * The first pages' text, cut at ABSTRACT_INPUT_CHARS, without disclaimers, disclosure pages and
 * running headers (pdf/boilerplate.ts): the provider's summary cannot quote what it is not sent.
 */
export function abstractInput(pages: readonly string[]): string {
  return contentPages(pages)
    .slice(0, ABSTRACT_PAGES)
    .map((p, i) => `[page ${i + 1}]\n${p.trim()}`)
    .join('\n\n')
    .slice(0, ABSTRACT_INPUT_CHARS);
}

/** The JSON answer the summary prompt asks for, tolerating a fenced block or prose around it. */
function parseAbstract(text: string): { standard: string; compact: string } | null {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!json) return null;
  try {
    const v = JSON.parse(json) as { standard?: unknown; compact?: unknown };
    if (typeof v.standard !== 'string' || typeof v.compact !== 'string') return null;
    const standard = v.standard.trim();
    const compact = v.compact.trim();
    return standard && compact ? { standard, compact } : null;
  } catch {
    return null;
  }
}

const TRANSLATE_SUMMARY_PROMPT =
  'Translate the user text into Simplified Chinese. Keep tickers, numbers, units and company ' +
  'names as written. Answer with the translation only.';

/**
 * A report's summaries: with a provider, abstractive ones in the report's language from its first
 * pages, and the standard one translated into Simplified Chinese with the glossary's renderings of
 * its terms pinned; without one, or when the provider fails, the extractive summary (and no
 * translation). Answers them with the provider tokens spent on them.
 */
export async function summarise(
  pages: readonly string[],
  language: string,
  llm: LlmClient | null,
  opts: { translateModel?: string; log?: Logger; glossary?: GlossarySource } = {},
): Promise<Summarised> {
  const fallback = (): Summaries => ({
    ...extractiveSummary(pages, language),
    kind: 'extractive',
    translations: {},
  });
  const usage: TokenUsage = { input_tokens: 0, output_tokens: 0 };
  const count = (u: TokenUsage) => {
    usage.input_tokens += u.input_tokens;
    usage.output_tokens += u.output_tokens;
  };
  if (!llm) return { summaries: fallback(), usage };
  let abstract: { standard: string; compact: string } | null = null;
  try {
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content:
          'You summarise financial research reports for investors. Answer only with a JSON object ' +
          '{"standard": "...", "compact": "..."}: "standard" is a summary of 4-6 sentences, "compact" ' +
          `one or two sentences. Write both in ${languageName(language)}. Keep tickers, figures and names exact; ` +
          'leave out disclaimers.',
      },
      { role: 'user', content: abstractInput(pages) },
    ];
    const answer = await llm.complete(messages, { maxTokens: 800, temperature: 0.2 });
    count(answer.usage);
    abstract = parseAbstract(answer.text);
    if (!abstract) opts.log?.warn('the provider answered no usable summary; using the extractive one');
  } catch (err) {
    opts.log?.warn({ err: (err as Error).message }, 'abstractive summary failed; using the extractive one');
  }
  const base: Summaries = abstract ? { ...abstract, kind: 'abstractive', translations: {} } : fallback();
  if (!base.standard) return { summaries: base, usage };
  if (language === 'zh') {
    base.translations['zh-hans'] = base.standard;
    return { summaries: base, usage };
  }
  try {
    // The summary is in English here (a Chinese report's is already Chinese).
    const glossary = await (opts.glossary ?? builtinGlossarySource).current();
    const pins = pinnedTermsInstruction(pinnedTerms(base.standard, 'en', glossary), 'zh');
    const answer = await llm.complete(
      [
        {
          role: 'system',
          content: pins ? `${TRANSLATE_SUMMARY_PROMPT}\n\n${pins}` : TRANSLATE_SUMMARY_PROMPT,
        },
        { role: 'user', content: base.standard },
      ],
      { ...(opts.translateModel ? { model: opts.translateModel } : {}), maxTokens: 1200, temperature: 0 },
    );
    count(answer.usage);
    const zh = answer.text.trim();
    if (zh) base.translations['zh-hans'] = zh;
  } catch (err) {
    opts.log?.warn({ err: (err as Error).message }, 'translating the summary failed');
  }
  return { summaries: base, usage };
}
