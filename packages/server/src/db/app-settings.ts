import type { Db } from './database.js';

/** Small key-value facts about this installation (e.g. whether the demo library was seeded). */
export function createAppSettings(db: Db) {
  return {
    async get(key: string): Promise<string | undefined> {
      const r = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
      return r?.value;
    },
    async set(key: string, value: string): Promise<void> {
      await db
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
