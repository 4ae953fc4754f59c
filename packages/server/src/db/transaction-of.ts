import type { Db } from './database.js';

/**
 * A repo's `transaction`: runs `fn` in one transaction with the queries `bind` builds on it, so a
 * change and what must land with it (index entries, its audit row) commit together or not at all.
 */
export const transactionOf =
  <Q>(db: Db, bind: (trx: Db) => Q) =>
  <T>(fn: (tx: Q) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => fn(bind(trx)));
