import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { transactionOf } from '../../db/transaction-of.js';
import { containingPattern, likeIgnoringCase } from '../../db/like.js';
import type { ContactMessagesTable, Database } from '../../db/schema.js';
import { auditWriter } from '../admin/audit.js';

export type MessageRow = Selectable<ContactMessagesTable>;

/** SQL of contact-us messages. */
function contactQueries(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<ContactMessagesTable>): Promise<void> {
      await db.insertInto('contact_messages').values(row).execute();
    },

    byId: (id: string): Promise<MessageRow | undefined> =>
      db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Matching messages, newest first, and how many match in all. */
    async page(
      filter: { handled?: boolean | undefined; keyword?: string | undefined },
      limit: number,
      offset: number,
    ): Promise<{ rows: MessageRow[]; total: number }> {
      let q = db.selectFrom('contact_messages');
      if (filter.handled !== undefined) q = q.where('handled', '=', filter.handled ? 1 : 0);
      if (filter.keyword) {
        const pattern = containingPattern(filter.keyword);
        q = q.where((eb) =>
          eb.or(
            (['subject', 'message', 'email', 'username'] as const).map((c) =>
              likeIgnoringCase(eb.ref(c), pattern),
            ),
          ),
        );
      }
      const rows = await q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const n = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return { rows, total: Number(n.n) };
    },

    async setHandled(id: string, handled: boolean, by: string | null, now: string): Promise<MessageRow> {
      return db
        .updateTable('contact_messages')
        .set({ handled: handled ? 1 : 0, handled_by: by, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    audit: auditWriter(db),
  };
}
export type ContactQueries = ReturnType<typeof contactQueries>;

export function createContactRepo(db: Db) {
  return {
    ...contactQueries(db),
    /** Runs `fn` in one transaction (a change and its audit row together). */
    transaction: transactionOf(db, contactQueries),
  };
}
export type ContactRepo = ReturnType<typeof createContactRepo>;
