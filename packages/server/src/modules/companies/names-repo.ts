import type { Db } from '../../db/database.js';
import type { StoredName } from './company-directory.js';

/** The names of companies stored beside the shipped table (company_names). */
export function createCompanyNamesRepo(db: Db) {
  return {
    /** Every stored name: the directory reads them whole. */
    async all(): Promise<StoredName[]> {
      return db
        .selectFrom('company_names')
        .select(['ticker', 'name', 'source', 'hidden'])
        .orderBy('ticker')
        .orderBy('name')
        .execute();
    },

    /**
     * What changes whenever a name does (a name learned, the console's word): a process rebuilds
     * its directory when this moved. Rows are never deleted, so a count and the latest write tell.
     */
    async stamp(): Promise<string> {
      const row = await db
        .selectFrom('company_names')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at')])
        .executeTakeFirst();
      return `${Number(row?.n ?? 0)}:${row?.at ?? ''}`;
    },

    /** The console's word on names of `ticker`: shown (`hidden` 0) or taken away (1). */
    async setByConsole(
      ticker: string,
      names: { name: string; hidden: boolean }[],
      now: string,
    ): Promise<void> {
      for (const n of names)
        await db
          .insertInto('company_names')
          .values({ ticker, name: n.name, source: 'console', hidden: n.hidden ? 1 : 0, updated_at: now })
          .onConflict((oc) =>
            oc
              .columns(['ticker', 'name'])
              .doUpdateSet({ source: 'console', hidden: n.hidden ? 1 : 0, updated_at: now }),
          )
          .execute();
    },
  };
}
export type CompanyNamesRepo = ReturnType<typeof createCompanyNamesRepo>;
