import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SearchRequest } from '@rl/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCopyArgs, UsageError } from '../src/commands/db-copy/args.js';
import { copyLibrary, CopyRefused, VerificationFailed } from '../src/commands/db-copy/copy-library.js';
import { openCopySource } from '../src/commands/db-copy/source.js';
import { COPIED_TABLES } from '../src/commands/db-copy/tables.js';
import { openCopyTarget } from '../src/commands/db-copy/target.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { generateDemoReport } from '../src/demo/index.js';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { createSearchRepo } from '../src/modules/search/repo.js';
import { createSearchService } from '../src/modules/search/service.js';
import { openFileStorage } from '../src/platform/storage/index.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { hiddenFiles, paidUser, storedFile, trialUser, userWithToken } from './library-helpers.js';
import { exited, runCli } from './process.js';
import { startS3Server, type TestS3Server } from './s3-server.js';
import { createTestDatabase, testDialect, type TestDatabase } from './test-database.js';

const NOW = '2026-11-21T10:00:00.000Z';

describe.runIf(testDialect() === 'sqlite')('db:copy arguments', () => {
  let dir: string;
  let db: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rl-copy-args-'));
    db = join(dir, 'library.db');
    new SQLite(db).close();
    mkdirSync(join(dir, 'files'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const to = 'postgres://postgres@127.0.0.1:5432/test';

  it('says what is wrong with the command line', () => {
    const cases: [string[], RegExp][] = [
      [[], /--from sqlite:PATH is required/],
      [['--from', `sqlite:${db}`], /--to postgres:\/\/\.\.\. is required/],
      [['--from', db, '--to', to], /--from: expected sqlite:PATH/],
      [['--from', to, '--to', to], /--from: expected sqlite:PATH/],
      [['--from', `sqlite:${join(dir, 'none.db')}`, '--to', to], /--from: no database at .*none\.db/],
      [['--from', `sqlite:${db}`, '--to', `sqlite:${db}`], /--to: expected postgres:\/\//],
      [['--from', `sqlite:${db}`, '--to', 'postgres://host:99999/db'], /--to: not a valid postgres:\/\/ URL/],
      [
        ['--from', `sqlite:${db}`, '--to', to, '--files-from', dir],
        /--files-from: only used with --files-to/,
      ],
      [
        ['--from', `sqlite:${db}`, '--to', to, '--files-to', 's3://A_B/x'],
        /--files-to: "A_B" is not a bucket/,
      ],
      [['--from', `sqlite:${db}`, '--to', to, '--fast'], /Unknown option '--fast'/],
      [['--from', `sqlite:${db}`, '--to', to, 'extra'], /Unexpected argument 'extra'/],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseCopyArgs(argv, {}), argv.join(' ')).toThrow(UsageError);
      expect(() => parseCopyArgs(argv, {}), argv.join(' ')).toThrow(message);
    }
    expect(parseCopyArgs(['--from', `sqlite:${db}`, '--to', to], {})).toEqual({ from: db, to, files: null });
    expect(
      parseCopyArgs(['--from', `sqlite:${db}`, '--to', to, '--files-to', 's3://library/pdfs'], {
        S3_ENDPOINT: 'http://127.0.0.1:9000',
      }),
    ).toMatchObject({
      files: { from: join(dir, 'files'), to: { kind: 's3', bucket: 'library', prefix: 'pdfs/' } },
    });
  });

  it('answers bad arguments with the usage and exit code 2', async () => {
    const child = runCli(['db:copy', '--from', `sqlite:${join(dir, 'none.db')}`, '--to', to], {});
    expect(await exited(child)).toBe(2);
    expect(child.output()).toContain('--from: no database at');
    expect(child.output()).toContain('Usage: npm run db:copy -- --from sqlite:PATH --to postgres://');
  });
});

/** What the source library holds that the checks refer to. */
interface Fixture {
  en: { id: string; seq: number };
  zh: { id: string; seq: number };
  mine: { id: string; seq: number };
  owner: string;
  hidden: Record<string, string>;
  /** seq of the newest file, deleted: SQLite never hands it out again. */
  deletedSeq: number;
  /** sha256 of the PDFs in the source store. */
  blobs: string[];
}

describe.runIf(testDialect() === 'postgres')('db:copy from SQLite into PostgreSQL', () => {
  let dir: string;
  let sourcePath: string;
  let lib: TestLibrary;
  let fx: Fixture;
  let s3: TestS3Server;
  const targets: TestDatabase[] = [];
  const opened: Db[] = [];
  /** An empty schema of TEST_DATABASE_URL. */
  const freshTarget = async () => {
    const t = await createTestDatabase(dir);
    targets.push(t);
    return t;
  };
  const openTarget = (t: TestDatabase) => {
    const db = openDatabase(t.settings);
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-copy-'));
    sourcePath = join(dir, 'library.db');
    lib = await openTestLibrary(
      { DATA_DIR: dir, DATABASE_URL: `sqlite:${sourcePath}` },
      { jobs: true, llm: null },
    );
    fx = await buildLibrary(lib);
    s3 = await startS3Server();
  });
  afterAll(async () => {
    for (const db of opened) await db.destroy();
    for (const t of targets) await t.drop();
    await lib?.close();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has a source library with rows in every table the copy copies', async () => {
    for (const { name } of COPIED_TABLES) expect(await count(lib.db, name), name).toBeGreaterThan(0);
  });

  let copied: TestDatabase;

  it('copies every table with its ids, the PDFs into S3, rebuilds the search and verifies (a real process)', async () => {
    copied = await freshTarget();
    const child = runCli(
      [
        'db:copy',
        '--from',
        `sqlite:${sourcePath}`,
        '--to',
        copied.url,
        '--files-to',
        `s3://${s3.bucket}/moved`,
      ],
      { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    );
    expect(await exited(child), child.output()).toBe(0);
    const out = child.output();
    expect(out).toMatch(
      /Done in [\d.]+ s: \d+ rows of \d+ tables copied, the search index rebuilt for \d+ files/,
    );
    expect(out).toContain(`PDFs: ${fx.blobs.length} copied, 0 already there`);
    expect(out).not.toContain('DIFFERS');
    for (const { name } of COPIED_TABLES) expect(out).toMatch(new RegExp(`rows of ${name} +\\d+ +\\d+ +ok`));
    const checked = (word: string) =>
      new RegExp(
        `search "${word}" +\\d+ found +\\d+ found, same first \\d+ by date, \\d+ of top \\d+ by relevance +ok`,
        'u',
      );
    expect(out).toMatch(checked('\\p{Script=Han}+'));
    expect(out).toMatch(checked('[a-z]+'));
    expect(out).toMatch(/library of a user with private uploads +\d+ found/);

    const target = openTarget(copied);
    for (const { name } of COPIED_TABLES) {
      expect(await rowsOf(target, name), name).toEqual(await rowsOf(lib.db, name));
    }
    const s3Store = openFileStorage(s3.settings('moved'));
    for (const sha of fx.blobs) {
      expect(await s3Store.size(sha)).toBe(
        statSync(join(dir, 'files', sha.slice(0, 2), sha.slice(2, 4), `${sha}.pdf`)).size,
      );
    }
  });

  it('answers the same searches on the copy, in English and Chinese, privately and publicly', async () => {
    const target = openTarget(copied);
    const search = (db: Db, keyword: string, owner: string | null = null) =>
      createSearchService(createSearchRepo(db)).search(
        SearchRequest.parse({ keyword, page_length: 50 }),
        owner,
      );
    const ids = async (keyword: string, owner: string | null = null) => {
      const [a, b] = [await search(lib.db, keyword, owner), await search(target, keyword, owner)];
      expect(b.total_items, keyword).toBe(a.total_items);
      expect(b.file_list.map((f) => f.id).sort(), keyword).toEqual(a.file_list.map((f) => f.id).sort());
      return b.file_list.map((f) => f.id);
    };
    expect(await ids('copper smelters')).toEqual([fx.en.id]);
    expect(await ids('新能源汽车')).toContain(fx.zh.id);
    expect(await ids('copper', fx.owner)).toEqual(expect.arrayContaining([fx.en.id, fx.mine.id]));
    expect(await ids('copper')).not.toContain(fx.mine.id);
    const listed = await ids('');
    for (const id of Object.values(fx.hidden)) expect(listed).not.toContain(id);
    expect(listed.length).toBeGreaterThanOrEqual(5);
  });

  it('continues every identity past the copied ids (and past a deleted newest file)', async () => {
    const target = openTarget(copied);
    const seq = await createFilesRepo(target).insert(
      {
        id: 'after-copy',
        sha256: 'f'.repeat(64),
        file_name: 'after-copy.pdf',
        size_bytes: 10,
        visibility: 'public',
        owner_id: null,
        upload_user: null,
        source: 'import',
      },
      NOW,
    );
    expect(seq).toBe(fx.deletedSeq + 1);
    for (const table of ['jobs', 'rate_events', 'downloads', 'admin_audit'] as const) {
      const max = await target
        .selectFrom(table)
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirstOrThrow();
      const id = await insertNumbered(target, table);
      expect(id, table).toBe(Number(max.m) + 1);
    }
  });

  it('refuses a second run on the filled database and changes nothing', async () => {
    const target = openTarget(copied);
    const before = await everyCount(target);
    const child = runCli(['db:copy', '--from', `sqlite:${sourcePath}`, '--to', copied.url], {});
    expect(await exited(child)).toBe(1);
    expect(child.output()).toMatch(
      /the target database already holds a library \(.*files: \d+ rows.*\).*Nothing was changed/s,
    );
    expect(await everyCount(target)).toEqual(before);
  });

  it('copies one snapshot: rows the running library writes meanwhile are not in the copy', async () => {
    const target = await freshTarget();
    const writer = new SQLite(sourcePath);
    const usersBefore = await count(lib.db, 'users');
    const messagesBefore = await count(lib.db, 'contact_messages');
    const source = openCopySource(sourcePath);
    const copy = openCopyTarget(target.url);
    try {
      const report = await copyLibrary({
        source,
        target: copy,
        files: null,
        // As soon as the first table is copied, the "server" writes to a copied and an uncopied table.
        log: (line) => {
          if (!line.startsWith('copied users')) return;
          writer
            .prepare(
              `INSERT INTO users (id, username, password_hash, created_time, updated_time) VALUES ('late', 'late', 'x', ?, ?)`,
            )
            .run(NOW, NOW);
          writer
            .prepare(
              `INSERT INTO contact_messages (id, subject, message, email, ip, created_at, updated_at)
               VALUES ('late', 'Hello', 'Sent during the copy', 'a@example.com', '127.0.0.1', ?, ?)`,
            )
            .run(NOW, NOW);
        },
      });
      expect(report.checks.every((c) => c.ok)).toBe(true);
      const db = openTarget(target);
      expect(await count(db, 'users')).toBe(usersBefore);
      expect(await count(db, 'contact_messages')).toBe(messagesBefore);
      expect(await count(lib.db, 'contact_messages')).toBe(messagesBefore + 1);
    } finally {
      writer.prepare(`DELETE FROM contact_messages WHERE id = 'late'`).run();
      writer.prepare(`DELETE FROM users WHERE id = 'late'`).run();
      writer.close();
      await source.close();
      await copy.close();
    }
  });

  it('refuses a source with a table it does not know, before writing anything', async () => {
    const path = await variantOfSource('unknown', (db) =>
      db.exec('CREATE TABLE loyalty_points (user_id text)'),
    );
    const target = await freshTarget();
    const err = await copyInto(path, target).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CopyRefused);
    expect((err as Error).message).toMatch(/the source has tables db:copy does not know \(loyalty_points\)/);
    const copy = openCopyTarget(target.url);
    expect(await copy.tables()).toEqual([]);
    await copy.close();
  });

  it('takes the whole copy out again when a check differs (a source whose index lost its files)', async () => {
    const path = await variantOfSource('broken-index', (db) => db.exec('DELETE FROM files_fts'));
    const target = await freshTarget();
    const err = await copyInto(path, target).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VerificationFailed);
    const failed = (err as VerificationFailed).checks.filter((c) => !c.ok);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((c) => c.what.startsWith('search "'))).toBe(true);
    const copy = openCopyTarget(target.url);
    expect((await copy.contents()).filter((t) => t.rows > 0)).toEqual([]);
    await copy.close();
    const db = openTarget(target);
    for (const index of ['files_fts', 'private_fts', 'term_impacts', 'impact_terms']) {
      expect(await count(db, index), index).toBe(0);
    }
    // Nothing is left behind that would make a second attempt refuse.
    const report = await copyInto(sourcePath, target);
    expect(report.checks.every((c) => c.ok)).toBe(true);
  });

  /** The copier run in this process, without PDFs. */
  async function copyInto(path: string, target: TestDatabase) {
    const source = openCopySource(path);
    const copy = openCopyTarget(target.url);
    try {
      return await copyLibrary({ source, target: copy, files: null, log: () => undefined });
    } finally {
      await source.close();
      await copy.close();
    }
  }

  /** A copy of the source library file changed by `change`. */
  async function variantOfSource(name: string, change: (db: SQLite.Database) => void): Promise<string> {
    const path = join(dir, `${name}.db`);
    const from = new SQLite(sourcePath);
    await from.backup(path);
    from.close();
    const db = new SQLite(path);
    change(db);
    db.close();
    return path;
  }
});

async function count(db: Db, table: string): Promise<number> {
  const r = await db
    .selectFrom(table as 'files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function everyCount(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { name } of COPIED_TABLES) out[name] = await count(db, name);
  return out;
}

/** Every row of a table, in one order whatever the database returns first. */
async function rowsOf(db: Db, table: string): Promise<Record<string, unknown>[]> {
  const rows = (await db
    .selectFrom(table as 'files')
    .selectAll()
    .execute()) as Record<string, unknown>[];
  const key = (r: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(r)
        .sort()
        .map((k) => [k, r[k]]),
    );
  return rows
    .map((r) => JSON.parse(key(r)) as Record<string, unknown>)
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

/** A new row of a table with a numbered id: the id the database gives it. */
async function insertNumbered(
  db: Db,
  table: 'jobs' | 'rate_events' | 'downloads' | 'admin_audit',
): Promise<number> {
  const values = {
    jobs: {
      type: 'summarise',
      payload: '{}',
      state: 'done' as const,
      step: 'done',
      attempts: 0,
      max_attempts: 3,
      run_after: NOW,
      locked_at: null,
      locked_by: null,
      lease_until: null,
      taken_over_from: null,
      last_error: null,
      created_at: NOW,
      updated_at: NOW,
    },
    rate_events: { bucket: 'login', key: 'k', at: NOW },
    downloads: download('u1', 'f1'),
    admin_audit: audit('a1'),
  }[table];
  const r = await db
    .insertInto(table)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

const download = (user_id: string, file_id: string) => ({
  user_id,
  username: 'someone',
  file_id,
  file_name: 'report.pdf',
  size_bytes: 1000,
  ip: '127.0.0.1',
  created_at: NOW,
});

const audit = (admin_id: string) => ({
  admin_id,
  admin_username: 'admin',
  action: 'file.take_down',
  target_type: 'file',
  target_id: 'f1',
  before_json: '{"taken_down_at":null}',
  after_json: '{"taken_down_at":"2026-11-21T10:00:00.000Z"}',
  created_at: NOW,
});

/**
 * A small library with rows in every table: two demo reports (English and Chinese) and a corpus
 * PDF through the real ingestion, factory files in both languages, a private upload, hidden files,
 * a deleted newest file, accounts and what their use leaves behind.
 */
async function buildLibrary(lib: TestLibrary): Promise<Fixture> {
  const db = lib.db;
  const admin = await userWithToken(lib, { roles: ['admin', 'user'] });
  const paid = await paidUser(lib);
  const trial = await trialUser(lib);

  // Demo reports 3 and 4 of the default seed: one English, one Chinese.
  for (const i of [3, 4]) {
    const { plan, bytes } = await generateDemoReport(20261121, i, '2026-11-21');
    const outcome = await lib.ingestor.ingest({ bytes, fileName: plan.fileName, source: 'seed' });
    if (outcome.kind !== 'queued') throw new Error(`demo report ${i} not queued: ${outcome.kind}`);
  }
  await lib.runner?.idle();
  const usda = await storedFile(lib, 'usda.pdf', { title: 'Agricultural energy roundup' });

  const en = await buildFile(db, {
    title: 'Copper supply outlook',
    pages: ['Copper smelters cut output as concentrate supply tightens.', 'Prices and inventories.'],
  });
  const zh = await buildFile(db, {
    title: '新能源汽车行业深度报告',
    language: 'zh',
    country: 'China',
    pages: ['新能源汽车销量继续增长，电池成本持续下降。'],
  });
  const mine = await buildFile(db, { title: 'My copper notes', ownerId: trial.id });
  const hidden = await hiddenFiles(db, paid.id);
  const gone = await buildFile(db, { title: 'Deleted report' });
  await createSearchRepo(db).unindex(gone.seq);
  await db.deleteFrom('files').where('seq', '=', gone.seq).execute();

  const star = await call(
    lib.app,
    '/api/file/star',
    { file_id: en.id, active_star: true },
    { token: paid.token },
  );
  expect(star.status).toBe(200);
  await db
    .insertInto('follows')
    .values({
      id: 'follow-issuer',
      user_id: paid.id,
      kind: 'issuer',
      key: 'northbridge securities',
      label: 'Northbridge Securities',
      search: null,
      created_at: NOW,
    })
    .execute();
  await db
    .insertInto('follows')
    .values({
      id: 'follow-1',
      user_id: paid.id,
      kind: 'search',
      key: '{"filter":{},"keyword":"energy"}',
      label: 'Energy',
      search: '{"keyword":"energy","filter":{}}',
      created_at: NOW,
    })
    .execute();
  await db.insertInto('follow_terms').values({ term: 'energy', follow_id: 'follow-1' }).execute();
  await db
    .insertInto('inbox_items')
    .values({
      user_id: paid.id,
      file_seq: usda.seq,
      follow_ids: '["follow-1"]',
      arrived_at: NOW,
      read_at: null,
    })
    .execute();
  await db
    .insertInto('digests')
    .values({
      user_id: paid.id,
      period: 'w:2026-W47',
      state: 'sent',
      items_since: NOW,
      items_until: NOW,
      item_count: 1,
      attempts: 1,
      next_attempt_at: NOW,
      message_id: `<digest.w-2026-W47.${paid.id}@localhost>`,
      created_at: NOW,
      updated_at: NOW,
      sent_at: NOW,
    })
    .execute();
  await db
    .insertInto('digest_due')
    .values({ user_id: paid.id, due_at: NOW, basis: 'weekly||pro|' })
    .execute();
  await db
    .insertInto('collections')
    .values({ id: 'col-1', user_id: paid.id, name: 'Metals', created_at: NOW, updated_at: NOW })
    .execute();
  await db
    .insertInto('collection_files')
    .values({ collection_id: 'col-1', file_seq: en.seq, added_at: NOW })
    .execute();
  await db
    .insertInto('known_devices')
    .values({ user_id: paid.id, fingerprint: 'fp-test', first_seen: NOW })
    .execute();
  await db
    .insertInto('verification_codes')
    .values({
      target: 'someone@example.com',
      purpose: 'signup',
      code_hash: 'h',
      expires_at: NOW,
      sent_at: NOW,
    })
    .execute();
  await db.insertInto('rate_events').values({ bucket: 'login', key: '127.0.0.1', at: NOW }).execute();
  await db
    .insertInto('glossary_terms')
    .values({
      id: 'g_copied',
      builtin: null,
      zh: '港口疏浚',
      en: 'harbor dredging',
      domain: 'sectors',
      removed: 0,
      updated_at: NOW,
      updated_by: 'admin',
    })
    .execute();
  await db
    .insertInto('usage_counters')
    .values({ subject: `u:${paid.id}`, usage_type: 'view', period: '2026-11', count: 1 })
    .execute();
  await db
    .insertInto('usage_files')
    .values({ subject: `u:${paid.id}`, usage_type: 'view', period: '2026-11', file_id: en.id })
    .execute();
  await db
    .insertInto('search_runs')
    .values({ subject: `u:${trial.id}`, query_hash: 'hash-of-a-search', ran_at: NOW })
    .execute();
  await db
    .insertInto('file_view_days')
    .values({ file_seq: en.seq, viewer: 'hash-of-a-viewer', day: NOW.slice(0, 10) })
    .execute();
  await db
    .insertInto('subscriptions')
    .values({
      id: 'sub-1',
      user_id: paid.id,
      plan: 'paid_v0',
      item_name: 'Paid plan',
      price_cny: 99.5,
      purchase_time: NOW,
      expire_time: null,
    })
    .execute();
  await db
    .insertInto('upload_sessions')
    .values({
      id: 'up-1',
      user_id: trial.id,
      file_name: 'big.pdf',
      size_bytes: 5_000_000,
      chunk_size: 1_048_576,
      received_bytes: 1_048_576,
      created_at: NOW,
      updated_at: NOW,
      expires_at: NOW,
    })
    .execute();
  await db.insertInto('downloads').values(download(paid.id, en.id)).execute();
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: 'a'.repeat(64),
      admin_id: admin.id,
      created_at: NOW,
      expires_at: NOW,
      last_used_at: NOW,
    })
    .execute();
  await db.insertInto('admin_audit').values(audit(admin.id)).execute();
  await db
    .insertInto('dmca_complaints')
    .values({
      id: 'dmca-1',
      status: 'received',
      first_name: 'Ada',
      last_name: 'Lovelace',
      address: '1 Main St',
      copyright_holder: 'Ada',
      city: 'London',
      state: '',
      country: 'GB',
      zip_code: 'N1',
      phone: '123',
      email: 'ada@example.com',
      filename: 'report.pdf',
      description: 'Mine',
      signature: 'Ada Lovelace',
      confirmations: '{"good_faith":true}',
      file_id: en.id,
      ip: '127.0.0.1',
      handled_by: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await db
    .insertInto('dmca_counter_notices')
    .values({
      id: 'cn-1',
      complaint_id: 'dmca-1',
      file_id: en.id,
      user_id: paid.id,
      status: 'received',
      full_name: 'Bo Chen',
      address: '2 High St',
      city: 'Leeds',
      country: 'GB',
      zip_code: 'LS1',
      phone: '456',
      email: 'bo@example.com',
      statement: 'A mistake',
      signature: 'Bo Chen',
      confirmations: '{"mistake":true}',
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      id: 'msg-1',
      subject: '问题',
      message: 'Where is the 10-K?',
      email: 'a@example.com',
      user_id: paid.id,
      username: paid.username,
      ip: '127.0.0.1',
      handled: 1,
      handled_by: 'admin',
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
  await db
    .insertInto('security_check_spent')
    .values({ challenge: 'c'.repeat(32), expires_at: NOW })
    .execute();
  await db
    .insertInto('dialog_messages')
    .values({
      id: 'dm-1',
      user_id: paid.id,
      file_id: en.id,
      seq: 1,
      role: 'assistant',
      text: 'Output fell [p. 1].',
      citations: '[{"page":1,"text":"Copper smelters cut output"}]',
      usage: '{"input_tokens":10,"output_tokens":5}',
      created_at: NOW,
    })
    .execute();
  await db
    .insertInto('file_translations')
    .values({
      file_seq: usda.seq,
      lang: 'zh-hans',
      status: 'finish',
      progress: 1,
      blob_sha256: (await lib.storage.put(Buffer.from('%PDF-1.7 translated'))).sha256,
      error: null,
      created_at: NOW,
      updated_at: NOW,
      finished_at: NOW,
    })
    .execute();
  await db
    .insertInto('translation_cache')
    .values({ lang: 'zh-hans', source_sha256: 'b'.repeat(64), translated: '铜冶炼厂减产', created_at: NOW })
    .execute();
  await db
    .insertInto('app_settings')
    .values({ key: 'demo_seeded', value: NOW })
    .onConflict((oc) => oc.doNothing())
    .execute();

  const blobs = (await lib.storage.entries()).flatMap((e) => (e.sha256 ? [e.sha256] : []));
  return { en, zh, mine, owner: trial.id, hidden, deletedSeq: gone.seq, blobs };
}
