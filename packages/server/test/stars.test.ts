import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AllStarsResponse,
  type FileDetailResponse,
  type IssuerResponse,
  type IssuerStarsResponse,
  type StarResponse,
} from '@rl/contract';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import {
  expect400,
  FILE_NOT_FOUND,
  hiddenFiles,
  libraryTables,
  makePrivate,
  NOT_LOGGED_IN,
  paidUser,
  takeDown,
  trialUser,
  type TestUser,
} from './library-helpers.js';

let lib: TestLibrary;
let me: TestUser;
let other: TestUser;
let hidden: Record<string, string>;
beforeAll(async () => {
  lib = await openTestLibrary();
  me = await trialUser(lib);
  other = await trialUser(lib);
  hidden = await hiddenFiles(lib.db, other.id);
});
afterAll(() => lib.close());

const star = (file_id: unknown, active_star: unknown, token = me.token) =>
  call<StarResponse>(lib.app, '/api/file/star', { file_id, active_star }, { token });
const allstars = (body: Record<string, unknown> = {}, token = me.token) =>
  call<AllStarsResponse>(lib.app, '/api/file/allstars', body, { token });
const starsOf = async (id: string) =>
  (await lib.db.selectFrom('files').select('stars').where('id', '=', id).executeTakeFirstOrThrow()).stars;
const at = (iso: string) => lib.clock.set(iso);

describe('starring a file', () => {
  it('answers 401 without a token', async () => {
    const f = await buildFile(lib.db);
    for (const [url, body] of [
      ['/api/file/star', { file_id: f.id, active_star: true }],
      ['/api/file/allstars', {}],
    ] as const) {
      const r = await call(lib.app, url, body);
      expect(r.status).toBe(401);
      expect(r.body).toEqual(NOT_LOGGED_IN);
    }
    expect(await starsOf(f.id)).toBe(0);
  });

  it('is idempotent and keeps files.stars exact; the detail reads the flag', async () => {
    const f = await buildFile(lib.db, { publishDate: '2020-01-01' });
    for (let i = 0; i < 2; i++) {
      const r = await star(f.id, true);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ file_id: f.id, starred: true });
    }
    expect(await starsOf(f.id)).toBe(1);
    await star(f.id, true, other.token);
    expect(await starsOf(f.id)).toBe(2);
    const detail = await call<FileDetailResponse>(
      lib.app,
      '/api/file/file_detail',
      { file_id: f.id },
      { token: me.token },
    );
    expect(detail.body.starred).toBe(true);
    expect(detail.body.file_info.permission).toContain('star');

    for (let i = 0; i < 2; i++)
      expect((await star(f.id, false)).body).toEqual({ file_id: f.id, starred: false });
    expect(await starsOf(f.id)).toBe(1);
    const again = await call<FileDetailResponse>(
      lib.app,
      '/api/file/file_detail',
      { file_id: f.id },
      { token: me.token },
    );
    expect(again.body.starred).toBe(false);
    // Anonymous callers see false.
    expect(
      (await call<FileDetailResponse>(lib.app, '/api/file/file_detail', { file_id: f.id })).body.starred,
    ).toBe(false);
  });

  it('answers 404 file_not_found for files the caller may not see, and changes nothing', async () => {
    const before = await libraryTables(lib.db);
    for (const id of [...Object.values(hidden), 'noSuchFile123']) {
      for (const active of [true, false]) {
        const r = await star(id, active);
        expect(r.status, id).toBe(404);
        expect(r.body).toEqual(FILE_NOT_FOUND);
      }
      // Nor can they be read.
      for (const url of ['/api/file/file_detail', '/api/file/view']) {
        const r = await call(lib.app, url, { file_id: id }, { token: me.token });
        expect(r.status, `${url} ${id}`).toBe(404);
        expect(r.body).toEqual(FILE_NOT_FOUND);
      }
    }
    expect(await libraryTables(lib.db)).toEqual(before);
  });

  it('answers 400 in the catalogue shape for bad input, and changes nothing', async () => {
    const f = await buildFile(lib.db);
    const before = await libraryTables(lib.db);
    expect400(await call(lib.app, '/api/file/star', { active_star: true }, { token: me.token }), 'file_id');
    expect400(await star(f.id, undefined), 'active_star');
    expect400(await star(f.id, 'yes'), 'active_star');
    for (const bad of ['', '   ', '../x', 'a'.repeat(65), 'id\u0000x', 42, null])
      expect400(await star(bad, true));
    expect400(await allstars({ page_id: 0 }), 'page_id');
    expect400(await allstars({ page_length: 101 }), 'page_length');
    expect400(await allstars({ from_date: '2024-02-30' }), 'from_date');
    expect400(await allstars({ from_date: '2024-03-01', to_date: '2024-02-01' }), 'from_date');
    expect400(await allstars({ issuer: 'x'.repeat(201) }), 'issuer');
    expect(await libraryTables(lib.db)).toEqual(before);
  });
});

describe('my starred files', () => {
  let user: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    user = await trialUser(lib);
    const specs = [
      ['a', 'Alpha House', '2024-01-10'],
      ['b', 'Beta Bank', '2024-02-10'],
      ['c', 'Alpha House', '2024-03-10'],
      ['d', 'Beta Bank', null],
    ] as const;
    let minute = 10;
    for (const [key, issuer, publishDate] of specs) {
      const f = await buildFile(lib.db, { issuer, publishDate, title: `Star ${key}` });
      ids[key] = f.id;
      at(`2026-11-21T10:${minute++}:00.000Z`);
      expect((await star(f.id, true, user.token)).status).toBe(200);
    }
    // My own private upload, starred last.
    const own = await buildFile(lib.db, { issuer: 'Gamma Research', title: 'My upload' });
    await makePrivate(lib.db, own, user.id);
    ids.own = own.id;
    at('2026-11-21T10:30:00.000Z');
    expect((await star(own.id, true, user.token)).status).toBe(200);
    at('2026-11-21T10:00:00.000Z');
  });

  it('lists newest star first, with list fields, starred_time and mine on my own upload', async () => {
    const r = await allstars({}, user.token);
    expect(r.status).toBe(200);
    expect(r.body.file_list.map((f) => f.id)).toEqual([ids.own, ids.d, ids.c, ids.b, ids.a]);
    expect(r.body).toMatchObject({ total_items: 5, page_id: 1, page_length: 20 });
    const [own, d] = r.body.file_list;
    expect(own).toMatchObject({
      mine: true,
      issuer: 'Gamma Research',
      snippet: '',
      starred_time: '2026-11-21T10:30:00.000Z',
    });
    expect(d?.mine).toBeUndefined();
    expect(d).toMatchObject({
      title: 'Star d',
      author: ['Jane Doe'],
      tags: ['earnings'],
      publish_date: null,
    });
    expect(r.body.issuers).toEqual([
      { name: 'Alpha House', file_count: 2 },
      { name: 'Beta Bank', file_count: 2 },
      { name: 'Gamma Research', file_count: 1 },
    ]);
  });

  it('pages', async () => {
    const p2 = await allstars({ page_id: 2, page_length: 2 }, user.token);
    expect(p2.body.file_list.map((f) => f.id)).toEqual([ids.c, ids.b]);
    expect(p2.body).toMatchObject({ total_items: 5, page_id: 2, page_length: 2 });
    expect((await allstars({ page_id: 9 }, user.token)).body.file_list).toEqual([]);
  });

  it('filters by exact issuer and publish date; issuers stay complete for the dropdown', async () => {
    const alpha = await allstars({ issuer: 'Alpha House' }, user.token);
    expect(alpha.body.file_list.map((f) => f.id)).toEqual([ids.c, ids.a]);
    expect(alpha.body.total_items).toBe(2);
    expect(alpha.body.issuers).toHaveLength(3);
    expect((await allstars({ issuer: 'Alpha' }, user.token)).body.total_items).toBe(0);
    const dated = await allstars({ from_date: '2024-02-01', to_date: '2024-03-10' }, user.token);
    expect(dated.body.file_list.map((f) => f.id)).toEqual([ids.c, ids.b]);
    const both = await allstars({ issuer: 'Beta Bank', from_date: '2024-01-01' }, user.token);
    expect(both.body.file_list.map((f) => f.id)).toEqual([ids.b]);
  });

  it('holds only my stars', async () => {
    expect((await allstars({}, other.token)).body.file_list.map((f) => f.id)).not.toContain(ids.a);
  });

  it('drops files I can no longer see and files deleted from the library', async () => {
    const user2 = await trialUser(lib);
    const gone = await buildFile(lib.db, { issuer: 'Gone Ltd' });
    const down = await buildFile(lib.db, { issuer: 'Down Ltd' });
    const hiddenLater = await buildFile(lib.db, { issuer: 'Private Ltd' });
    const failedLater = await buildFile(lib.db, { issuer: 'Failed Ltd' });
    const kept = await buildFile(lib.db, { issuer: 'Kept Ltd' });
    for (const f of [gone, down, hiddenLater, failedLater, kept])
      expect((await star(f.id, true, user2.token)).status).toBe(200);
    expect((await allstars({}, user2.token)).body.total_items).toBe(5);

    await lib.db.deleteFrom('files').where('id', '=', gone.id).execute();
    await takeDown(lib.db, down.id);
    await makePrivate(lib.db, hiddenLater, other.id);
    await lib.db.updateTable('files').set({ status: 'failed' }).where('id', '=', failedLater.id).execute();

    const r = await allstars({}, user2.token);
    expect(r.body.file_list.map((f) => f.id)).toEqual([kept.id]);
    expect(r.body.total_items).toBe(1);
    expect(r.body.issuers).toEqual([{ name: 'Kept Ltd', file_count: 1 }]);
    // The deleted file's star went with it (foreign key cascade).
    const rows = await lib.db
      .selectFrom('file_stars')
      .select('file_seq')
      .where('user_id', '=', user2.id)
      .execute();
    expect(rows.map((x) => x.file_seq).sort()).toEqual(
      [down.seq, hiddenLater.seq, failedLater.seq, kept.seq].sort(),
    );
    // And they cannot be starred or unstarred any more.
    expect((await star(down.id, false, user2.token)).status).toBe(404);
  });
});

describe('locked reports in my starred files', () => {
  it('marks a report the trial plan no longer opens, not an open one; a paid user’s marks none', async () => {
    const trial = await trialUser(lib);
    const paid = await paidUser(lib);
    // Published today: the free plan opens it today, and from tomorrow until it is a year old.
    at('2026-11-21T10:00:00.000Z');
    const fresh = await buildFile(lib.db, { title: 'Fresh report', publishDate: '2026-11-21' });
    const open = await buildFile(lib.db, { title: 'Old report', publishDate: '2024-05-01' });
    for (const u of [trial, paid])
      for (const f of [fresh, open]) expect((await star(f.id, true, u.token)).status).toBe(200);
    const lockOf = (list: AllStarsResponse['file_list'], id: string) => {
      const item = list.find((x) => x.id === id);
      expect(item, id).toBeDefined();
      return item?.locked;
    };

    const today = (await allstars({}, trial.token)).body.file_list;
    expect(lockOf(today, fresh.id)).toBeUndefined();

    at('2026-11-22T10:00:00.000Z');
    const next = (await allstars({}, trial.token)).body.file_list;
    expect(lockOf(next, fresh.id)).toEqual({ reason: 'file_age', opens_at: '2027-11-22' });
    expect(lockOf(next, open.id)).toBeUndefined();
    // The same lock as the detail's refusal: the list tells before the click.
    const detail = await call(
      lib.app,
      '/api/file/file_detail',
      { file_id: fresh.id },
      { token: trial.token },
    );
    expect(detail.body).toMatchObject({ reason: 'file_age', opens_at: '2027-11-22' });

    const paidList = (await allstars({}, paid.token)).body.file_list;
    expect(paidList.map((x) => x.id).sort()).toEqual([fresh.id, open.id].sort());
    expect(paidList.every((x) => x.locked === undefined)).toBe(true);
    at('2026-11-21T10:00:00.000Z');
  });

  it('never locks my own private upload', async () => {
    const u = await trialUser(lib);
    at('2026-11-21T10:00:00.000Z');
    const own = await buildFile(lib.db, { title: 'My fresh upload', publishDate: '2026-11-21' });
    await makePrivate(lib.db, own, u.id);
    expect((await star(own.id, true, u.token)).status).toBe(200);
    at('2026-11-22T10:00:00.000Z');
    const [item] = (await allstars({}, u.token)).body.file_list;
    expect(item).toMatchObject({ id: own.id, mine: true });
    expect(item?.locked).toBeUndefined();
    at('2026-11-21T10:00:00.000Z');
  });
});

describe('issuer stars', () => {
  const starIssuer = (issuer: unknown, active_star: unknown, token: string) =>
    call(lib.app, '/api/file/issuer_star', { issuer, active_star }, { token });
  const mine = async (token: string) =>
    (await call<IssuerStarsResponse>(lib.app, '/api/file/get_issuer_stars', {}, { token })).body.issuers;

  it('answers 401 without a token', async () => {
    for (const [url, body] of [
      ['/api/file/issuer_star', { issuer: 'Alpha House', active_star: true }],
      ['/api/file/get_issuer_stars', {}],
    ] as const) {
      const r = await call(lib.app, url, body);
      expect(r.status).toBe(401);
      expect(r.body).toEqual(NOT_LOGGED_IN);
    }
  });

  it('is idempotent and lists my issuers by name with the files I can read (0 if none)', async () => {
    const u = await trialUser(lib);
    await buildFile(lib.db, { issuer: 'Zeta Partners' });
    const own = await buildFile(lib.db, { issuer: 'Zeta Partners' });
    await makePrivate(lib.db, own, u.id);
    const theirs = await buildFile(lib.db, { issuer: 'Zeta Partners' });
    await makePrivate(lib.db, theirs, other.id);
    for (let i = 0; i < 2; i++) {
      const r = await starIssuer('Zeta Partners', true, u.token);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ issuer: 'Zeta Partners', starred: true });
    }
    expect((await starIssuer('  Nobody Ltd ', true, u.token)).body).toEqual({
      issuer: 'Nobody Ltd',
      starred: true,
    });
    expect(await mine(u.token)).toEqual([
      { name: 'Nobody Ltd', file_count: 0 },
      { name: 'Zeta Partners', file_count: 2 },
    ]);
    for (let i = 0; i < 2; i++)
      expect((await starIssuer('Nobody Ltd', false, u.token)).body).toEqual({
        issuer: 'Nobody Ltd',
        starred: false,
      });
    expect(await mine(u.token)).toEqual([{ name: 'Zeta Partners', file_count: 2 }]);
    expect(await mine(other.token)).toEqual([]);
  });

  it('fills `star` of /api/file/issuer for a logged-in caller, filtered like the others', async () => {
    const u = await trialUser(lib);
    await buildFile(lib.db, { issuer: 'Omega Capital' });
    for (const name of ['Omega Capital', 'Sigma Securities']) await starIssuer(name, true, u.token);
    const issuers = (body: object, token?: string) =>
      call<IssuerResponse>(lib.app, '/api/file/issuer', body, token ? { token } : {});
    const all = await issuers({}, u.token);
    expect(all.body.star).toEqual([
      { name: 'Omega Capital', file_count: 1 },
      { name: 'Sigma Securities', file_count: 0 },
    ]);
    expect(all.body.all.map((i) => i.name)).toContain('Omega Capital');
    expect((await issuers({ input_content: 'sig' }, u.token)).body.star).toEqual([
      { name: 'Sigma Securities', file_count: 0 },
    ]);
    expect((await issuers({ input_content: 'zzz' }, u.token)).body.star).toEqual([]);
    expect((await issuers({})).body.star).toEqual([]);
  });

  it('counts starred issuers as follows: the free plan stops at 5 with the follows wall', async () => {
    const u = await trialUser(lib);
    for (let i = 0; i < 4; i++) expect((await starIssuer(`Issuer ${i}`, true, u.token)).status).toBe(200);
    expect((await starIssuer('Last One', true, u.token)).status).toBe(200);
    const over = await starIssuer('One Too Many', true, u.token);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'quota_exceeded', reason: 'follows', limit: 5, used: 5 });
    // Starring one already starred (however it is spelled) is still fine at the limit; unstarring makes room.
    expect((await starIssuer('issuer 3', true, u.token)).status).toBe(200);
    expect((await starIssuer('ISSUER 3', false, u.token)).status).toBe(200);
    expect((await starIssuer('One Too Many', true, u.token)).status).toBe(200);
    expect(await mine(u.token)).toHaveLength(5);
  });

  it('answers 400 for bad input and changes nothing', async () => {
    const u = await trialUser(lib);
    const before = await libraryTables(lib.db);
    for (const bad of ['', '   ', 'x'.repeat(201), 'Bad\u0007Name', 'Line\nBreak', 7, null])
      expect400(await starIssuer(bad, true, u.token), 'issuer');
    expect400(await starIssuer('Fine', 'true', u.token), 'active_star');
    expect400(
      await call(lib.app, '/api/file/issuer_star', { active_star: true }, { token: u.token }),
      'issuer',
    );
    expect((await starIssuer('x'.repeat(200), true, u.token)).status).toBe(200);
    expect((await libraryTables(lib.db)).follows).toBe((before.follows ?? 0) + 1);
  });
});
