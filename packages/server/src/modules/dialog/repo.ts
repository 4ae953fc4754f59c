import { randomUUID } from 'node:crypto';
import type { Citation, DialogMessage } from '@rl/contract';
import type { Db } from '../../db/database.js';
import { lockForTransaction } from '../../db/dialect.js';
import { atomic } from '../../db/unit-of-work.js';
import type { TokenUsage } from '../../platform/llm.js';

/** Messages most a history answers (the newest ones, oldest first). */
const HISTORY_LIMIT = 200;

/** One earlier question of a conversation and the answer it got. */
export interface Exchange {
  question: string;
  answer: string;
}

/** Conversations (dialog_messages); the daily token counters are the token budget's (quota/token-budget.ts). */
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

    /**
     * The latest `limit` exchanges of a user's conversation about a file, oldest first: the
     * context of the next question. Only role and text, and only the rows needed (questions and
     * answers are stored in pairs, so the newest 2 × limit messages are limit whole exchanges).
     */
    async recentExchanges(userId: string, fileId: string, limit: number): Promise<Exchange[]> {
      const rows = await db
        .selectFrom('dialog_messages')
        .select(['role', 'text'])
        .where('user_id', '=', userId)
        .where('file_id', '=', fileId)
        .orderBy('seq', 'desc')
        .limit(limit * 2)
        .execute();
      rows.reverse();
      const exchanges: Exchange[] = [];
      for (let i = 0; i + 1 < rows.length; i++) {
        const [q, a] = [rows[i]!, rows[i + 1]!];
        if (q.role !== 'user' || a.role !== 'assistant') continue;
        exchanges.push({ question: q.text, answer: a.text });
        i++;
      }
      return exchanges;
    },

    /**
     * Stores a question and its answer together; answers the answer's id. Exchanges of one
     * conversation take turns, so two answers finishing at once get distinct places.
     */
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
      await atomic(db, async (trx) => {
        await lockForTransaction(trx, `dialog:${x.userId}:${x.fileId}`);
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
  };
}
export type DialogRepo = ReturnType<typeof createDialogRepo>;
