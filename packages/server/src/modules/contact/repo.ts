import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { transactionOf } from '../../db/transaction-of.js';
import { containsKeyword } from '../../db/like.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
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
    page(
      filter: { handled?: boolean | undefined; keyword?: string | undefined },
      window: PageWindow,
    ): Promise<Page<MessageRow>> {
      let q = db.selectFrom('contact_messages');
      if (filter.handled !== undefined) q = q.where('handled', '=', filter.handled ? 1 : 0);
      const { keyword } = filter;
      if (keyword)
        q = q.where((eb) => containsKeyword(eb, ['subject', 'message', 'email', 'username'], keyword));
      return pageOf(q, (m) => m.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), window);
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

export function createContactRepo(db: Db) {
  return {
    ...contactQueries(db),
    /** Runs `fn` in one transaction (a change and its audit row together). */
    transaction: transactionOf(db, contactQueries),
  };
}
export type ContactRepo = ReturnType<typeof createContactRepo>;
