import { ERROR_CODES, type Citation, type DialogMessage } from '@rl/contract';
import { Forbidden } from '../../http/errors.js';
import { requireUser, type Viewer } from '../../http/viewer.js';
import { isoNow, today, type Clock } from '../../platform/clock.js';
import { estimateTokens, type ChatMessage, type LlmClient, type TokenUsage } from '../../platform/llm.js';
import { isOwner } from '../files/access.js';
import type { FilesRepo } from '../files/repo.js';
import { readableFile } from '../files/service.js';
import type { QuotaService } from '../quota/service.js';
import type { DialogRepo } from './repo.js';
import { createPassageIndexCache, type Passage } from './retrieval.js';

/** Passages given to the model, and quoted as the answer without one. */
export const MODEL_PASSAGES = 5;
export const QUOTED_PASSAGES = 3;
const MAX_ANSWER_TOKENS = 1000;
/** Files whose passage index stays in memory between questions. */
const INDEXED_FILES = 16;

export const NO_MATCH_ANSWER =
  'No passage of this report matches the question. Try other words, or a term the report uses.';

const SYSTEM_PROMPT =
  'You answer questions about one research report, using only the numbered passages the user ' +
  'gives, each marked with its page. After every statement cite its page like [p. 3]. If the ' +
  'passages do not answer the question, say so briefly. Answer in the language of the question, ' +
  'concisely, in Markdown.';

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

/** The answer without a provider: the best passages quoted, each with its page. */
export function quotedAnswer(passages: readonly Passage[]): string[] {
  if (!passages.length) return [NO_MATCH_ANSWER];
  const parts = passages.map((p) => {
    const quote = p.text
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    return `${quote}\n\n[p. ${p.page}]\n\n`;
  });
  return ['The passages of the report that best match your question:\n\n', ...parts];
}

/** The model's prompt: the passages (page-labelled) and the question. */
export function chatPrompt(passages: readonly Passage[], question: string): ChatMessage[] {
  const context = passages.map((p, i) => `[${i + 1}] (p. ${p.page})\n${p.text}`).join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Passages:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/**
 * The chat about a report: retrieval over its stored pages (BM25 over page chunks); with a
 * provider the answer is generated from the best passages and streamed, without one it is those
 * passages. Login, the file access rule, the conversation quota and the daily token budget are
 * all checked before anything is streamed.
 */
export function createDialogService(deps: {
  repo: DialogRepo;
  files: FilesRepo;
  quota: QuotaService;
  llm: LlmClient | null;
  clock: Clock;
}) {
  const { repo, files, quota, llm, clock } = deps;

  /** 403 quota_exceeded when the user's tokens of the day reached the plan's budget. */
  async function assertTokenBudget(viewer: Viewer, userId: string): Promise<void> {
    const plan = quota.planOf(viewer);
    const used = await repo.tokensUsed(userId, today(clock));
    if (used.in >= plan.daily_tokens_in || used.out >= plan.daily_tokens_out) {
      throw new Forbidden(
        `Your daily AI budget (${plan.daily_tokens_in.toLocaleString('en')} input and ` +
          `${plan.daily_tokens_out.toLocaleString('en')} output tokens) is used up. It renews tomorrow.`,
        ERROR_CODES.quotaExceeded,
      );
    }
  }

  const indexes = createPassageIndexCache(INDEXED_FILES);

  return {
    async history(fileId: string, viewer: Viewer): Promise<DialogMessage[]> {
      const user = requireUser(viewer);
      await readableFile(files, fileId, viewer);
      return repo.history(user.id, fileId);
    },

    /**
     * Checks everything, counts the question and starts the answer. With a provider the first
     * delta is awaited here, so a provider that is down answers 503 before any streaming.
     */
    async ask(fileId: string, question: string, viewer: Viewer, signal?: AbortSignal): Promise<ChatTurn> {
      const user = requireUser(viewer);
      const file = await readableFile(files, fileId, viewer);
      if (!isOwner(file, viewer)) quota.assertFileAge(viewer, file.publish_date);
      if (llm) await assertTokenBudget(viewer, user.id);
      await quota.consume(viewer, 'chat');

      const index = await indexes.get(file.id, () => files.pages(file.seq));
      const day = today(clock);
      const save = (answer: string, citations: Citation[], usage: TokenUsage | null) =>
        repo.saveExchange(
          { userId: user.id, fileId: file.id, question, answer, citations, usage },
          isoNow(clock),
        );
      const cite = (ps: readonly Passage[]): Citation[] => ps.map((p) => ({ page: p.page, text: p.text }));

      if (!llm) {
        const best = index.search(question, QUOTED_PASSAGES);
        const citations = cite(best);
        async function* quoted(): AsyncGenerator<string, null> {
          for (const part of quotedAnswer(best)) yield part;
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

      // No matching term: the model still gets the report's opening passages to work from.
      let passages: Passage[] = index.search(question, MODEL_PASSAGES);
      if (!passages.length) passages = index.passages.filter((p) => p.page <= 2).slice(0, 3);
      const messages = chatPrompt(passages, question);
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
          if (usage) await repo.addTokens(user.id, day, usage);
          return save(answer, citations, usage);
        },
        async abandon(partial) {
          await repo.addTokens(user.id, day, {
            input_tokens: messages.reduce((n, m) => n + estimateTokens(m.content), 0),
            output_tokens: estimateTokens(partial),
          });
        },
      };
    },
  };
}
export type DialogService = ReturnType<typeof createDialogService>;
