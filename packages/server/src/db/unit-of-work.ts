import type { Db } from './database.js';

/**
 * The one way several writes land together or not at all. The wiring builds the unit of work over
 * every repository (wiring/repos.ts): `transaction(async (tx) => …)` hands the callback repositories
 * bound to one transaction, so a change and what must land with it (index entries, its audit row,
 * its job) commit together. A service declares the repositories it uses (`UnitOfWork<{ files:
 * FilesRepo; audit: AuditRepo }>`) and the wiring's unit of work, which has them all, fits it.
 */
export type UnitOfWork<Repos> = <T>(work: (tx: Repos) => Promise<T>) => Promise<T>;

/** A unit of work over the repositories `bind` builds on a transaction of `db`. */
export const unitOfWork =
  <Repos>(db: Db, bind: (trx: Db) => Repos): UnitOfWork<Repos> =>
  (work) =>
    atomic(db, (trx) => work(bind(trx)));

/**
 * A repository's own writes that must land together (a star and the file's star count): in the
 * caller's unit of work when `db` is bound to one, else in a transaction of their own.
 */
export function atomic<T>(db: Db, writes: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? writes(db) : db.transaction().execute(writes);
}
