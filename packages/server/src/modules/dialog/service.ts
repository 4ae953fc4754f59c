import type { Citation, DialogMessage } from '@rl/contract';
import { requireUser, type Viewer } from '../access/viewer.js';
import type { Language } from '../../messages/bilingual.js';
import { msg, render } from '../../messages/message.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import { estimateTokens, type ChatMessage, type LlmClient, type TokenUsage } from '../../platform/llm.js';
import type { FilesRepo } from '../files/repo.js';
import { openableFile } from '../quota/openable-file.js';
import type { QuotaService } from '../quota/service.js';
import type { TokenBudget } from '../quota/token-budget.js';
import type { DialogRepo, Exchange } from './repo.js';
import {
  ASKS_RATING,
  createPassageIndexCache,
  searchConversation,
  type Passage,
  type PassageIndex,
} from './retrieval.js';
import { researchAnswer, type ResearchAnswer } from './research-answer.js';
import type { GlossarySource } from '../glossary/glossary-source.js';
import { searchQuestion, searchText } from './question-language.js';

/** Passages given to the model, and quoted as the answer without one. */
export const MODEL_PASSAGES = 5;
export const QUOTED_PASSAGES = 3;
const MAX_ANSWER_TOKENS = 1000;
/** Files whose passage index stays in memory between questions. */
const INDEXED_FILES = 16;
/**
 * The earlier exchanges of the conversation the model sees: at most this many, the newest, and
 * no more than HISTORY_TOKENS (estimated) of them, so a long conversation never outgrows the
 * context (passages ~1-5K, the answer 1K, the history at most 4K tokens).
 */
export const HISTORY_EXCHANGES = 6;
export const HISTORY_TOKENS = 4000;

const SYSTEM_PROMPT =
  'You answer questions about one research report, using only the numbered passages the user ' +
  'gives, each marked with its page. After every statement cite its page like [p. 3]. If the ' +
  'passages do not answer the question, say so briefly. Earlier messages are the conversation so ' +
  'far: use them to understand what a follow-up question refers to, but answer from and cite only ' +
  'the passages of the last message. Answer in the language of the question, concisely, in Markdown.';

/** An answer under way: its citations at once, then its text as it comes, then its usage. */
export interface ChatTurn {
  citations: Citation[];
  mode: 'model' | 'passages';
  /** Text deltas; returns the tokens consumed (null without a provider). */
  deltas: AsyncGenerator<string, TokenUsage | null>;
  /** Stores the exchange once the answer is whole; answers the answer's message id. */
  finish(answer: string, usage: TokenUsage | null): Promise<string>;
  /** Records the tokens of an answer that broke off (estimated from what came). */
  abandon(partial: string): Promise<void>;
}

/**
 * The answer without a provider, in the asker's language: the note's research data when asked for
 * its call, then the best passages quoted, each with its page.
 */
export function quotedAnswer(
  passages: readonly Passage[],
  language: Language,
  research: ResearchAnswer | null = null,
): string[] {
  const data = research
    ? [
        `${render(msg('chatResearchIntro'), language)}\n\n${research.facts}\n\n[p. ${research.source.page}]\n\n`,
      ]
    : [];
  if (!passages.length) return data.length ? data : [render(msg('chatNoMatch'), language)];
  if (data.length) return [...data, ...passages.map(quote)];
  return [`${render(msg('chatQuotedIntro'), language)}\n\n`, ...passages.map(quote)];
}

function quote(p: Passage): string {
  const text = p.text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return `${text}\n\n[p. ${p.page}]\n\n`;
}

/**
 * The exchanges of a conversation (oldest first) that go into the prompt: the newest whole
 * exchanges, at most `maxExchanges` and `maxTokens` (estimated) together; older ones are dropped
 * first, and an exchange that does not fit ends the history there.
 */
export function boundedHistory(
  exchanges: readonly Exchange[],
  maxExchanges = HISTORY_EXCHANGES,
  maxTokens = HISTORY_TOKENS,
): Exchange[] {
  const kept: Exchange[] = [];
  let tokens = 0;
  for (let i = exchanges.length - 1; i >= 0 && kept.length < maxExchanges; i--) {
    const x = exchanges[i]!;
    tokens += estimateTokens(x.question) + estimateTokens(x.answer);
    if (tokens > maxTokens) break;
    kept.unshift(x);
  }
  return kept;
}

/**
 * The model's prompt: the system rules, the earlier exchanges (questions as user messages,
 * answers as assistant messages, oldest first), then the passages (page-labelled) and the
 * question as the last user message.
 */
export function chatPrompt(
  passages: readonly Passage[],
  question: string,
  history: readonly Exchange[] = [],
): ChatMessage[] {
  const context = passages.map((p, i) => `[${i + 1}] (p. ${p.page})\n${p.text}`).join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...history.flatMap((x): ChatMessage[] => [
      { role: 'user', content: x.question },
      { role: 'assistant', content: x.answer },
    ]),
    { role: 'user', content: `Passages:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/**
 * The chat about a report: retrieval over its stored pages (BM25 over page chunks, a follow-up
 * question helped by the previous one); with a provider the answer is generated from the best
 * passages and the user's earlier exchanges about the file, and streamed; without one it is those
 * passages. Login, the file access rule, the conversation quota and (with a provider) the daily
 * token budget (quota/token-budget.ts) are all checked before anything is streamed; the tokens an
 * answer consumed are spent on the asker's budget.
 */
export function createDialogService(deps: {
  repo: DialogRepo;
  files: FilesRepo;
  quota: QuotaService;
  budget: TokenBudget;
  llm: LlmClient | null;
  /** The finance glossary that carries a question into the report's language. */
  glossary: GlossarySource;
  clock: Clock;
}) {
  const { repo, files, quota, budget, llm, clock } = deps;

  const indexes = createPassageIndexCache(INDEXED_FILES);

  return {
    async history(fileId: string, viewer: Viewer): Promise<DialogMessage[]> {
      const user = requireUser(viewer);
      await openableFile({ files, quota }, fileId, viewer);
      return repo.history(user.id, fileId);
    },

    /**
     * Checks everything, counts the question and starts the answer. With a provider the first
     * delta is awaited here, so a provider that is down answers 503 before any streaming.
     */
    /** `language` is the asker's (X-Language): the words around quoted passages are in it. */
    async ask(
      fileId: string,
      question: string,
      viewer: Viewer,
      language: Language,
      signal?: AbortSignal,
    ): Promise<ChatTurn> {
      const user = requireUser(viewer);
      const file = await openableFile({ files, quota }, fileId, viewer);
      if (llm) await budget.assertAvailable(viewer);
      await quota.consume(viewer, 'chat');

      const [index, exchanges] = await Promise.all([
        indexes.get(file.id, () => files.pages(file.seq)),
        // This user's conversation about this file only.
        repo.recentExchanges(user.id, file.id, HISTORY_EXCHANGES),
      ]);
      // Questions in the other language than the report's are searched with their terms in its
      // language (question-language.ts); the translation's tokens are the asker's.
      const reportLanguage = file.language === 'zh' ? 'zh' : 'en';
      const glossary = await deps.glossary.current();
      const asked = await searchQuestion(question, reportLanguage, { llm, glossary }, signal);
      if (asked.usage) await budget.spend(user.id, asked.usage);
      const earlierQuestions = exchanges.map((x) => searchText(x.question, reportLanguage, glossary));
      const save = (answer: string, citations: Citation[], usage: TokenUsage | null) =>
        repo.saveExchange(
          { userId: user.id, fileId: file.id, question, answer, citations, usage },
          isoNow(clock),
        );
      // Asked for the call: the note's research data answers first, with the page printing it.
      const research = ASKS_RATING.test(asked.text)
        ? researchAnswer(file.stock_information, index.passages, language)
        : null;
      const turn: TurnInputs = { index, asked: asked.text, earlierQuestions, research, save };
      if (!llm) return quotedTurn(turn, language);
      return modelTurn(turn, { llm, budget, userId: user.id, question, exchanges, signal });
    },
  };
}
export type DialogService = ReturnType<typeof createDialogService>;

/** What both kinds of answer start from: the question as searched and what is known of the file. */
interface TurnInputs {
  index: PassageIndex;
  /** The question as searched, in the report's language. */
  asked: string;
  earlierQuestions: string[];
  research: ResearchAnswer | null;
  save: (answer: string, citations: Citation[], usage: TokenUsage | null) => Promise<string>;
}

const cite = (ps: readonly Passage[]): Citation[] => ps.map((p) => ({ page: p.page, text: p.text }));

/** Passages other than the research data's own source (which is cited first when there is one). */
const notSource = (research: ResearchAnswer | null) => (p: Passage) =>
  !research || p.page !== research.source.page || p.text !== research.source.text;
const withResearch = (research: ResearchAnswer | null, ps: Passage[]) =>
  research ? [research.source, ...ps] : ps;

/** The answer without a provider: the best passages quoted (quotedAnswer). */
function quotedTurn(turn: TurnInputs, language: Language): ChatTurn {
  const { index, asked, earlierQuestions, research, save } = turn;
  const best = searchConversation(index, asked, earlierQuestions, QUOTED_PASSAGES).filter(
    notSource(research),
  );
  const citations = cite(withResearch(research, best));
  async function* quoted(): AsyncGenerator<string, null> {
    for (const part of quotedAnswer(best, language, research)) yield part;
    return null;
  }
  return {
    citations,
    mode: 'passages',
    deltas: quoted(),
    finish: (answer) => save(answer, citations, null),
    abandon: async () => undefined,
  };
}

/**
 * The model's answer, streamed: the first delta is awaited here, so a provider that is down
 * answers 503 before any streaming.
 */
async function modelTurn(
  turn: TurnInputs,
  deps: {
    llm: LlmClient;
    budget: TokenBudget;
    userId: string;
    question: string;
    exchanges: Exchange[];
    signal: AbortSignal | undefined;
  },
): Promise<ChatTurn> {
  const { index, asked, earlierQuestions, research, save } = turn;
  const { llm, budget, userId, question, exchanges, signal } = deps;
  // No matching term (nor with the previous question's): the model still gets the report's
  // opening passages to work from.
  let passages: Passage[] = searchConversation(index, asked, earlierQuestions, MODEL_PASSAGES);
  if (!passages.length) {
    passages = index.passages.filter((p) => p.page <= 2 && !p.boilerplate).slice(0, 3);
  }
  passages = withResearch(research, passages.filter(notSource(research)));
  const prompted = research
    ? [{ ...research.source, text: `${research.facts}\n\n${research.source.text}` }, ...passages.slice(1)]
    : passages;
  const messages = chatPrompt(prompted, question, boundedHistory(exchanges));
  const stream = llm.stream(messages, {
    maxTokens: MAX_ANSWER_TOKENS,
    temperature: 0.2,
    ...(signal ? { signal } : {}),
  });
  const first = await stream.next();
  async function* deltas(): AsyncGenerator<string, TokenUsage> {
    if (first.done) return first.value;
    yield first.value;
    return yield* stream;
  }
  const citations = cite(passages);
  return {
    citations,
    mode: 'model',
    deltas: deltas(),
    async finish(answer, usage) {
      if (usage) await budget.spend(userId, usage);
      return save(answer, citations, usage);
    },
    async abandon(partial) {
      // The whole prompt was sent: system rules, history, passages and question.
      await budget.spend(userId, {
        input_tokens: messages.reduce((n, m) => n + estimateTokens(m.content), 0),
        output_tokens: estimateTokens(partial),
      });
    },
  };
}
