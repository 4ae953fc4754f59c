import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_FILES_MAX,
  COLLECTION_NAME_MAX,
  COLLECTIONS_MAX,
  type Collection,
  type CollectionFilesResponse,
  type CollectionListResponse,
} from '@rl/contract';
import { sql } from 'kysely';
import { createCollectionsRepo, nameTaken } from '../src/modules/collections/repo.js';
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
  userWithToken,
  type TestUser,
} from './library-helpers.js';

let lib: TestLibrary;
let me: TestUser;
let other: TestUser;
let hidden: Record<string, string>;
beforeAll(async () => {
  lib = await openTestLibrary();
  me = await paidUser(lib);
  other = await paidUser(lib);
  hidden = await hiddenFiles(lib.db, other.id);
});
afterAll(() => lib.close());

const P = '/api/file/collection';
const NOW = '2026-11-21T10:00:00.000Z';
const op = <T = Record<string, unknown>>(name: string, body: Record<string, unknown>, token = me.token) =>
  call<T>(lib.app, `${P}/${name}`, body, { token });
const create = async (name: string, token = me.token): Promise<Collection> => {
  const r = await op<{ collection: Collection }>('create', { name }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.collection;
};
const list = async (token = me.token) =>
  (await op<CollectionListResponse>('list', {}, token)).body.collections;
const filesOf = (collection_id: string, extra: Record<string, unknown> = {}, token = me.token) =>
  op<CollectionFilesResponse>('files', { collection_id, ...extra }, token);

const ENDPOINTS: [string, (c: string, f: string) => Record<string, unknown>][] = [
  ['list', () => ({})],
  ['create', () => ({ name: 'Mine' })],
  ['rename', (c) => ({ collection_id: c, name: 'New' })],
  ['delete', (c) => ({ collection_id: c })],
  ['add', (c, f) => ({ collection_id: c, file_id: f })],
  ['remove', (c, f) => ({ collection_id: c, file_id: f })],
  ['files', (c) => ({ collection_id: c })],
  ['containing', (_c, f) => ({ file_id: f })],
];

describe('collections: who may use them', () => {
  it('answers 401 without a token, 403 plan_required on the free plan or an expired paid plan', async () => {
    const c = await create('Gate');
    const f = await buildFile(lib.db);
    const trial = await trialUser(lib);
    const expired = await userWithToken(lib, { level: 'paid_v0', expires: '2026-01-01T00:00:00.000Z' });
    const before = await libraryTables(lib.db);
    for (const [name, body] of ENDPOINTS) {
      const anon = await call(lib.app, `${P}/${name}`, body(c.id, f.id));
      expect(anon.status, name).toBe(401);
      expect(anon.body).toEqual(NOT_LOGGED_IN);
      for (const u of [trial, expired]) {
        const r = await op(name, body(c.id, f.id), u.token);
        expect(r.status, name).toBe(403);
        expect(r.body).toEqual({
          error_msg:
            'Collections are not included in the free plan. Subscribe to the institutional plan to use them.',
          code: 'plan_required',
          reason: 'plan_feature',
        });
      }
    }
    expect(await libraryTables(lib.db)).toEqual(before);
  });

  it("answers 404 'Collection not found' for someone else's collection and leaves it alone", async () => {
    const theirs = await create('Theirs', other.token);
    const f = await buildFile(lib.db);
    expect((await op('add', { collection_id: theirs.id, file_id: f.id }, other.token)).status).toBe(200);
    const before = await libraryTables(lib.db);
    for (const [name, body] of ENDPOINTS.filter(([n]) => !['list', 'create', 'containing'].includes(n))) {
      for (const id of [theirs.id, 'noSuchCollection']) {
        const r = await op(name, body(id, f.id));
        expect(r.status, name).toBe(404);
        expect(r.body).toEqual({ error_msg: 'Collection not found', code: 'not_found' });
      }
    }
    expect(await libraryTables(lib.db)).toEqual(before);
    expect((await list(other.token)).find((c) => c.id === theirs.id)).toMatchObject({
      name: 'Theirs',
      file_count: 1,
    });
    expect((await op('containing', { file_id: f.id })).body).toEqual({ collection_ids: [] });
  });
});

describe('collections: create, rename, delete', () => {
  it('creates with a random id, lists by name, renames and deletes', async () => {
    const u = await paidUser(lib);
    const b = await create('  Banks ', u.token);
    expect(b).toMatchObject({ name: 'Banks', file_count: 0, created_time: '2026-11-21T10:00:00.000Z' });
    expect(b.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const a = await create('autos', u.token);
    expect((await list(u.token)).map((c) => c.name)).toEqual(['autos', 'Banks']);
    lib.clock.set('2026-11-21T11:00:00.000Z');
    const renamed = await op<{ collection: Collection }>(
      'rename',
      { collection_id: a.id, name: 'Autos 汽车' },
      u.token,
    );
    lib.clock.set('2026-11-21T10:00:00.000Z');
    expect(renamed.body.collection).toMatchObject({
      id: a.id,
      name: 'Autos 汽车',
      updated_time: '2026-11-21T11:00:00.000Z',
    });
    expect((await op('delete', { collection_id: b.id }, u.token)).body).toEqual({ ok: true });
    expect((await list(u.token)).map((c) => c.id)).toEqual([a.id]);
    expect((await op('delete', { collection_id: b.id }, u.token)).status).toBe(404);
  });

  it('keeps names unique per user, ignoring case (409 conflict)', async () => {
    const u = await paidUser(lib);
    const x = await create('Energy', u.token);
    const y = await create('Ärzte', u.token);
    for (const name of ['energy', 'ENERGY', ' Energy ', 'ärzte']) {
      const r = await op('create', { name }, u.token);
      expect(r.status, name).toBe(409);
      expect(r.body).toEqual({ error_msg: 'You already have a collection with this name', code: 'conflict' });
    }
    expect((await op('rename', { collection_id: y.id, name: 'energy' }, u.token)).status).toBe(409);
    // A collection may change the case of its own name; another user may use the same name.
    expect((await op('rename', { collection_id: x.id, name: 'ENERGY' }, u.token)).status).toBe(200);
    await create('Energy', other.token);
    expect((await list(u.token)).map((c) => c.name)).toEqual(['ENERGY', 'Ärzte']);
  });

  it('turns a UNIQUE violation (two creates racing) into the same 409', async () => {
    const u = await paidUser(lib);
    const c = await create('Race', u.token);
    const row = { id: 'raceTwin', user_id: u.id, name: 'RACE', created_at: NOW, updated_at: NOW };
    const err = await createCollectionsRepo(lib.db)
      .create(row, COLLECTIONS_MAX)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(nameTaken(err)).toBe(true);
    expect((await list(u.token)).map((x) => x.id)).toEqual([c.id]);
  });

  it(`allows ${COLLECTIONS_MAX} collections and refuses one more with 400`, async () => {
    const u = await paidUser(lib);
    const rows = Array.from({ length: COLLECTIONS_MAX - 1 }, (_, i) => ({
      id: `bulk${i}${u.id}`,
      user_id: u.id,
      name: `Bulk ${i}`,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    }));
    await lib.db.insertInto('collections').values(rows).execute();
    await create('The last one', u.token);
    const before = await libraryTables(lib.db);
    const over = await op('create', { name: 'One too many' }, u.token);
    expect400(over);
    expect(over.body).toEqual({
      error_msg: `You can have at most ${COLLECTIONS_MAX} collections. Delete one to create another.`,
      code: 'limit_reached',
    });
    expect(await libraryTables(lib.db)).toEqual(before);
    expect(await list(u.token)).toHaveLength(COLLECTIONS_MAX);
  });

  it('answers 400 for bad names and ids, and changes nothing', async () => {
    const c = await create('Valid');
    const before = await libraryTables(lib.db);
    const badNames = [
      '',
      '    ',
      'x'.repeat(COLLECTION_NAME_MAX + 1),
      'Tab\there',
      'Bell\u0007',
      'New\nline',
      5,
      null,
    ];
    for (const name of badNames) {
      expect400(await op('create', { name }), 'name');
      expect400(await op('rename', { collection_id: c.id, name }), 'name');
    }
    expect400(await op('create', {}), 'name');
    for (const collection_id of [undefined, '', '../x', 'a'.repeat(65), 'has space', 3]) {
      expect400(await op('rename', { collection_id, name: 'Fine' }), 'collection_id');
      expect400(await op('delete', { collection_id }), 'collection_id');
      expect400(await op('files', { collection_id }), 'collection_id');
    }
    expect400(await op('add', { collection_id: c.id }), 'file_id');
    expect400(await op('add', { collection_id: c.id, file_id: '%%%' }), 'file_id');
    expect400(await op('containing', {}), 'file_id');
    expect400(await filesOf(c.id, { page_id: 0 }), 'page_id');
    expect(await libraryTables(lib.db)).toEqual(before);
    // Exactly the maximum length is fine.
    expect((await op('rename', { collection_id: c.id, name: 'y'.repeat(COLLECTION_NAME_MAX) })).status).toBe(
      200,
    );
  });
});

describe('collections: files', () => {
  it('adds idempotently, lists newest added first with paging, answers containing, removes', async () => {
    const c = await create('Reading list');
    const d = await create('Second');
    const f1 = await buildFile(lib.db, { title: 'First added' });
    const f2 = await buildFile(lib.db, { title: 'Second added' });
    const own = await buildFile(lib.db, { title: 'My own upload' });
    await makePrivate(lib.db, own, me.id);
    let minute = 10;
    for (const f of [f1, f2, own]) {
      lib.clock.set(`2026-11-21T10:${minute++}:00.000Z`);
      const r = await op<{ collection: Collection }>('add', { collection_id: c.id, file_id: f.id });
      expect(r.status).toBe(200);
    }
    lib.clock.set('2026-11-21T10:00:00.000Z');
    const again = await op<{ collection: Collection }>('add', { collection_id: c.id, file_id: f1.id });
    expect(again.body.collection).toMatchObject({
      id: c.id,
      file_count: 3,
      updated_time: '2026-11-21T10:12:00.000Z',
    });
    await op('add', { collection_id: d.id, file_id: f1.id });

    const page = await filesOf(c.id);
    expect(page.body.file_list.map((f) => f.id)).toEqual([own.id, f2.id, f1.id]);
    expect(page.body).toMatchObject({
      total_items: 3,
      page_id: 1,
      page_length: 20,
      collection: { id: c.id, file_count: 3 },
    });
    expect(page.body.file_list[0]).toMatchObject({
      mine: true,
      snippet: '',
      added_time: '2026-11-21T10:12:00.000Z',
    });
    expect(page.body.file_list[1]?.mine).toBeUndefined();
    const p2 = await filesOf(c.id, { page_id: 2, page_length: 2 });
    expect(p2.body.file_list.map((f) => f.id)).toEqual([f1.id]);

    // By collection name.
    expect((await op('containing', { file_id: f1.id })).body).toEqual({ collection_ids: [c.id, d.id] });
    expect((await op('containing', { file_id: f1.id }, other.token)).body).toEqual({ collection_ids: [] });

    for (let i = 0; i < 2; i++) {
      const r = await op<{ collection: Collection }>('remove', { collection_id: c.id, file_id: f2.id });
      expect(r.status).toBe(200);
      expect(r.body.collection.file_count).toBe(2);
    }
    // Deleting a collection leaves its files in the library and in my other collections.
    await op('delete', { collection_id: d.id });
    expect((await op('containing', { file_id: f1.id })).body).toEqual({ collection_ids: [c.id] });
    expect(
      await lib.db
        .selectFrom('collection_files')
        .select('file_seq')
        .where('collection_id', '=', d.id)
        .execute(),
    ).toEqual([]);
  });

  it('marks no report locked for a paid user, even one the free plan would not open', async () => {
    lib.clock.set(NOW);
    const c = await create('Recent reads');
    // Half a year old: the free plan refuses it until next June, the paid plan opens it.
    const recent = await buildFile(lib.db, { title: 'Recent report', publishDate: '2026-06-01' });
    expect((await op('add', { collection_id: c.id, file_id: recent.id })).status).toBe(200);
    const page = await filesOf(c.id);
    expect(page.body.file_list.map((f) => f.id)).toEqual([recent.id]);
    expect(page.body.file_list[0]?.locked).toBeUndefined();
  });

  it('never puts in or shows a file the caller may not see (404 file_not_found)', async () => {
    const c = await create('Guarded');
    const before = await libraryTables(lib.db);
    for (const id of [...Object.values(hidden), 'noSuchFile123']) {
      for (const name of ['add', 'remove']) {
        const r = await op(name, { collection_id: c.id, file_id: id });
        expect(r.status, `${name} ${id}`).toBe(404);
        expect(r.body).toEqual(FILE_NOT_FOUND);
      }
      expect((await op('containing', { file_id: id })).body).toEqual(FILE_NOT_FOUND);
    }
    expect(await libraryTables(lib.db)).toEqual(before);

    // Files that become invisible after being added leave the list and the count.
    const [down, priv, failed, deleted, kept] = [
      await buildFile(lib.db),
      await buildFile(lib.db),
      await buildFile(lib.db),
      await buildFile(lib.db),
      await buildFile(lib.db),
    ];
    for (const f of [down, priv, failed, deleted, kept])
      await op('add', { collection_id: c.id, file_id: f.id });
    await takeDown(lib.db, down.id);
    await makePrivate(lib.db, priv, other.id);
    await lib.db.updateTable('files').set({ status: 'failed' }).where('id', '=', failed.id).execute();
    await lib.db.deleteFrom('files').where('id', '=', deleted.id).execute();
    const r = await filesOf(c.id);
    expect(r.body.file_list.map((f) => f.id)).toEqual([kept.id]);
    expect(r.body.total_items).toBe(1);
    expect((await list()).find((x) => x.id === c.id)?.file_count).toBe(1);
  });

  it(`holds ${COLLECTION_FILES_MAX} files and refuses one more with 400; hidden files do not count`, async () => {
    const c = await create('Full');
    // COLLECTION_FILES_MAX - 1 ready public files, written directly.
    const at = '2026-11-01T00:00:00.000Z';
    await lib.db
      .insertInto('files')
      .values(
        Array.from({ length: COLLECTION_FILES_MAX - 1 }, (_, k) => ({
          id: `bulk${k + 1}`,
          sha256: (900001 + k).toString(16).padStart(64, '0'),
          file_name: 'bulk.pdf',
          size_bytes: 1000,
          status: 'ready' as const,
          visibility: 'public' as const,
          source: 'import' as const,
          upload_time: at,
          updated_time: at,
        })),
      )
      .execute();
    await sql`INSERT INTO collection_files (collection_id, file_seq, added_at)
      SELECT ${c.id}, seq, '2026-11-01T00:00:00.000Z' FROM files WHERE id LIKE 'bulk%'`.execute(lib.db);
    const last = await buildFile(lib.db);
    const r = await op<{ collection: Collection }>('add', { collection_id: c.id, file_id: last.id });
    expect(r.status).toBe(200);
    expect(r.body.collection.file_count).toBe(COLLECTION_FILES_MAX);

    const extra = await buildFile(lib.db);
    const before = await libraryTables(lib.db);
    const over = await op('add', { collection_id: c.id, file_id: extra.id });
    expect400(over);
    expect(over.body).toEqual({
      error_msg: `A collection holds at most ${COLLECTION_FILES_MAX} files. Remove one or use another collection.`,
      code: 'limit_reached',
    });
    expect(await libraryTables(lib.db)).toEqual(before);
    // Adding one already there is still fine; a file taken down makes room.
    expect((await op('add', { collection_id: c.id, file_id: last.id })).status).toBe(200);
    await takeDown(lib.db, 'bulk1');
    expect((await op('add', { collection_id: c.id, file_id: extra.id })).status).toBe(200);
    expect((await filesOf(c.id)).body.total_items).toBe(COLLECTION_FILES_MAX);
  });
});
