import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary, type Caller } from './harness.js';
import { FILE_NOT_FOUND, paidUser } from './library-helpers.js';

/**
 * A report's view counter counts viewers per day: opening the same report again the same day (UTC)
 * adds nothing; the next day counts again. A viewer is the user, else the browser (fingerprint),
 * else the address.
 */

const NOW = '2026-11-21T10:00:00.000Z';

let lib: TestLibrary;
let fileId = '';
beforeAll(async () => {
  lib = await openTestLibrary();
  fileId = (await buildFile(lib.db, { title: 'Copper views', publishDate: '2024-03-01' })).id;
});
afterAll(() => lib.close());
beforeEach(() => lib.clock.set(NOW));

const view = (who: Caller, id = fileId) =>
  call<{ ok?: true; views?: number; code?: string }>(lib.app, '/api/file/view', { file_id: id }, who);
const views = async (id = fileId): Promise<number> =>
  (await lib.db.selectFrom('files').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;
/** Viewers remembered before `day` (`before`), or on it. */
const viewerRows = async (day: string, before: boolean): Promise<number> =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*) AS n FROM file_view_days WHERE ${
        before ? sql`day < ${day}` : sql`day = ${day}`
      }`.execute(lib.db)
    ).rows[0]?.n,
  );

describe('the view counter', () => {
  it('counts the same report twice the same day as one view, and again the next day', async () => {
    const id = (await buildFile(lib.db, { title: 'Nickel views', publishDate: '2024-03-01' })).id;
    const { token } = await paidUser(lib);
    const first = await view({ token }, id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, views: 1 });
    // Later that day, from another browser of the same user too.
    lib.clock.set('2026-11-21T23:59:59.000Z');
    expect((await view({ token }, id)).body.views).toBe(1);
    expect((await view({ token, fingerprint: 'e'.repeat(64) }, id)).body.views).toBe(1);
    lib.clock.set('2026-11-22T00:00:01.000Z');
    expect((await view({ token }, id)).body.views).toBe(2);
    expect((await view({ token }, id)).body.views).toBe(2);
    expect(await views(id)).toBe(2);
  });

  it('counts each viewer: users, browsers, and addresses of visitors without a fingerprint', async () => {
    const before = await views();
    const a = await paidUser(lib);
    const b = await paidUser(lib);
    const who: Caller[] = [
      { token: a.token },
      { token: b.token },
      { fingerprint: 'f'.repeat(64), ip: '10.70.0.1' },
      // Another browser on the same address is another viewer.
      { fingerprint: '0'.repeat(64), ip: '10.70.0.1' },
      { ip: '10.70.0.2' },
      { ip: '10.70.0.3' },
    ];
    for (const w of who) expect((await view(w)).status).toBe(200);
    for (const w of who) await view(w);
    expect(await views()).toBe(before + who.length);
  });

  it('counts a viewer once when the same view arrives twice at once', async () => {
    const before = await views();
    const { token } = await paidUser(lib);
    const answers = await Promise.all([1, 2, 3, 4].map(() => view({ token })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await views()).toBe(before + 1);
  });

  it('refuses a missing or malformed file id without counting', async () => {
    const before = await views();
    const missing = await view({}, 'nosuchfile123');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(FILE_NOT_FOUND);
    for (const body of [{}, { file_id: '' }, { file_id: 7 }])
      expect((await call(lib.app, '/api/file/view', body)).status, JSON.stringify(body)).toBe(400);
    const hidden = await buildFile(lib.db, { title: 'Copper pending', status: 'processing' });
    expect((await view({}, hidden.id)).status).toBe(404);
    expect(await views()).toBe(before);
  });

  it("forgets past days' viewers and keeps today's", async () => {
    const { token } = await paidUser(lib);
    await view({ token });
    lib.clock.set('2026-11-22T08:00:00.000Z');
    await view({ token });
    expect(await viewerRows('2026-11-22', true)).toBeGreaterThan(0);
    const todays = await viewerRows('2026-11-22', false);
    // The hourly chore, as the files service runs it on the clock's day (UTC).
    await lib.repos.files.forgetViewDaysBefore('2026-11-22');
    expect(await viewerRows('2026-11-22', true)).toBe(0);
    expect(await viewerRows('2026-11-22', false)).toBe(todays);
    // Today's viewer is still known: no second view today.
    const before = await views();
    await view({ token });
    expect(await views()).toBe(before);
  });
});
