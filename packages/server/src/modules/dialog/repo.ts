import { randomUUID } from 'node:crypto';
import type { Citation, DialogMessage } from '@rl/contract';
import type { Db } from '../../db/database.js';
import type { TokenUsage } from '../../platform/llm.js';

/** Usage counter types of the daily token budgets (usage_counters, period = the day). */
export const TOKENS_IN = 'tokens_in';
export const TOKENS_OUT = 'tokens_out';

/** Messages most a history answers (the newest ones, oldest first). */
const HISTORY_LIMIT = 200;

/** Conversations (dialog_messages) and the daily token counters of the users. */
export function createDialogRepo(db: Db) {
  return {
    async history(userId: string, fileId: string): Promise<DialogMessage[]> {
      const rows = await db
        .selectFrom('dialog_messages')
        .select(['id', 'role', 'text', 'citations', 'created_at'])
        .where('user_id', '=', userId)
        .where('file_id', '=', fileId)
        .orderBy('seq', 'desc')
        .limit(HISTORY_LIMIT)
        .execute();
      return rows.reverse().map((r) => ({
        id: r.id,
        role: r.role,
        text: r.text,
        citations: JSON.parse(r.citations) as Citation[],
        created_at: r.created_at,
      }));
    },

    /** Stores a question and its answer together; answers the answer's id. */
    async saveExchange(
      x: {
        userId: string;
        fileId: string;
        question: string;
        answer: string;
        citations: Citation[];
        usage: TokenUsage | null;
      },
      now: string,
    ): Promise<string> {
      const answerId = randomUUID();
      await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('dialog_messages')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('user_id', '=', x.userId)
          .where('file_id', '=', x.fileId)
          .executeTakeFirst();
        const seq = Number(last?.seq ?? 0);
        const base = { user_id: x.userId, file_id: x.fileId, created_at: now };
        await trx
          .insertInto('dialog_messages')
          .values([
            {
              ...base,
              id: randomUUID(),
              seq: seq + 1,
              role: 'user',
              text: x.question,
              citations: '[]',
              usage: null,
            },
            {
              ...base,
              id: answerId,
              seq: seq + 2,
              role: 'assistant',
              text: x.answer,
              citations: JSON.stringify(x.citations),
              usage: x.usage ? JSON.stringify(x.usage) : null,
            },
          ])
          .execute();
      });
      return answerId;
    },

    /** Tokens a user consumed on a day: { in, out }. */
    async tokensUsed(userId: string, day: string): Promise<{ in: number; out: number }> {
      const rows = await db
        .selectFrom('usage_counters')
        .select(['usage_type', 'count'])
        .where('subject', '=', `u:${userId}`)
        .where('period', '=', day)
        .where('usage_type', 'in', [TOKENS_IN, TOKENS_OUT])
        .execute();
      const of = (t: string) => rows.find((r) => r.usage_type === t)?.count ?? 0;
      return { in: of(TOKENS_IN), out: of(TOKENS_OUT) };
    },

    async addTokens(userId: string, day: string, usage: TokenUsage): Promise<void> {
      for (const [type, n] of [
        [TOKENS_IN, usage.input_tokens],
        [TOKENS_OUT, usage.output_tokens],
      ] as const) {
        if (n <= 0) continue;
        await db
          .insertInto('usage_counters')
          .values({ subject: `u:${userId}`, usage_type: type, period: day, count: n })
          .onConflict((oc) =>
            oc
              .columns(['subject', 'usage_type', 'period'])
              .doUpdateSet((eb) => ({ count: eb('usage_counters.count', '+', n) })),
          )
          .execute();
      }
    },
  };
}
export type DialogRepo = ReturnType<typeof createDialogRepo>;
