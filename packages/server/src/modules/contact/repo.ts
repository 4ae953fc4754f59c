import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsKeyword } from '../../db/like.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
import type { ContactMessagesTable } from '../../db/schema.js';

export type MessageRow = Selectable<ContactMessagesTable>;

/** SQL of contact-us messages (a change's audit row is the audit repository's, in the same unit of work). */
export function createContactRepo(db: Db) {
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
  };
}
export type ContactRepo = ReturnType<typeof createContactRepo>;
