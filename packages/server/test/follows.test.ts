import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type {
  FollowAnswer,
  FollowListResponse,
  InboxListResponse,
  InboxUnreadResponse,
  IssuerResponse,
  IssuerStarResponse,
  IssuerStarsResponse,
  StockInformation,
} from '@rl/contract';
import { down, up } from '../src/db/migrations/20261203-0026-issuer-stars-to-follows.js';
import type { JobRow } from '../src/jobs/job-list.js';
import { createAlertsJob } from '../src/modules/follows/alerts-job.js';
import { metaFromColumns } from '../src/modules/files/meta-columns.js';
import { searchDocument } from '../src/modules/search/search-document.js';
import { createIngestWrites } from '../src/ingest/ingest-writes.js';
import { createResearchJob } from '../src/modules/research/research-job.js';
import { createLlmClient } from '../src/platform/llm.js';
import { startFakeLlm, type FakeLlm } from './fake-llm-server.js';
import { buildFile, type FileSpec } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import {
  expect400,
  makePrivate,
  NOT_LOGGED_IN,
  paidUser,
  takeDown,
  trialUser,
  type TestUser,
} from './library-helpers.js';
import { queuedPayloads } from './queued-jobs.js';
import { adminSession, manageCall } from './admin-helpers.js';

let lib: TestLibrary;
let me: TestUser;
let other: TestUser;
beforeAll(async () => {
  lib = await openTestLibrary();
  me = await paidUser(lib);
  other = await paidUser(lib);
});
afterAll(() => lib.close());

const follow = (target: unknown, token = me.token, label?: string) =>
  call<FollowAnswer>(lib.app, '/api/follow/add', { target, ...(label && { label }) }, { token });
const follows = (token = me.token) => call<FollowListResponse>(lib.app, '/api/follow/list', {}, { token });
const inbox = (body: Record<string, unknown> = {}, token = me.token) =>
  call<InboxListResponse>(lib.app, '/api/inbox/list', body, { token });
const unread = async (token = me.token) =>
  (await call<InboxUnreadResponse>(lib.app, '/api/inbox/unread', {}, { token })).body.unread;

const note = (s: Partial<StockInformation> & { ticker: string }): StockInformation => ({
  company_name: null,
  rating: null,
  target_price: null,
  ...s,
});

/** A new report as ingestion leaves it, matched as the alerts job matches it. */
async function arrives(spec: FileSpec): Promise<{ id: string; seq: number }> {
  const f = await buildFile(lib.db, spec);
  const job = createAlertsJob({
    files: lib.repos.files,
    follows: lib.repos.follows,
    inbox: lib.repos.inbox,
    clock: lib.clock,
  });
  expect(await job.runStep('match', { file_seq: f.seq }, {} as JobRow)).toBe('done');
  return f;
}

describe('following', () => {
  it('answers 401 without a token and 400 on a bad target, changing nothing', async () => {
    for (const [url, body] of [
      ['/api/follow/add', { target: { kind: 'company', ticker: '0700.HK' } }],
      ['/api/follow/list', {}],
      ['/api/inbox/list', {}],
      ['/api/inbox/unread', {}],
    ] as const) {
      const r = await call(lib.app, url, body);
      expect(r.status).toBe(401);
      expect(r.body).toEqual(NOT_LOGGED_IN);
    }
    for (const target of [
      { kind: 'company', ticker: 'not a ticker!' },
      { kind: 'planet', name: 'Mars' },
      { kind: 'issuer', issuer: 'x'.repeat(201) },
      { kind: 'analyst', analyst: 'Jane\u0000Doe' },
      { kind: 'sector', sector: 'astrology' },
    ])
      expect400(await follow(target));
    expect400(await follow({ kind: 'company', ticker: '0700.HK' }, me.token, 'x'.repeat(81)));
    expect((await follows()).body.follows).toEqual([]);
  });

  it('is idempotent, lists newest first with the plan’s limit, renames, pauses and removes', async () => {
    const a = await follow({ kind: 'company', ticker: '9988.hk' }, me.token, 'Alibaba');
    expect(a.status).toBe(200);
    expect(a.body.follow).toMatchObject({ kind: 'company', key: '9988.HK', label: 'Alibaba', paused: false });
    const again = await follow({ kind: 'company', ticker: '9988.HK' });
    expect(again.body.follow.follow_id).toBe(a.body.follow.follow_id);
    lib.clock.set('2026-11-21T10:00:01.000Z');
    const b = await follow({ kind: 'search', search: { keyword: 'copper smelter', filter: {} } });
    expect(b.body.follow).toMatchObject({ kind: 'search', label: 'copper smelter' });
    const list = await follows();
    expect(list.body.follows.map((f) => f.follow_id)).toEqual([
      b.body.follow.follow_id,
      a.body.follow.follow_id,
    ]);
    expect(list.body).toMatchObject({ limit: -1, used: 2 });

    const id = a.body.follow.follow_id;
    const renamed = await call<FollowAnswer>(
      lib.app,
      '/api/follow/update',
      { follow_id: id, label: 'BABA' },
      me,
    );
    expect(renamed.body.follow.label).toBe('BABA');
    const paused = await call<FollowAnswer>(
      lib.app,
      '/api/follow/update',
      { follow_id: id, paused: true },
      me,
    );
    expect(paused.body.follow.paused).toBe(true);
    // Another user's follow is not mine to change or remove.
    const theirs = await call(lib.app, '/api/follow/update', { follow_id: id, label: 'Mine' }, other);
    expect(theirs.status).toBe(404);
    expect400(await call(lib.app, '/api/follow/update', { follow_id: id }, me));
    await call(lib.app, '/api/follow/remove', { follow_id: id }, other);
    expect((await follows()).body.used).toBe(2);
    for (const f of [a, b])
      expect(
        (await call(lib.app, '/api/follow/remove', { follow_id: f.body.follow.follow_id }, me)).status,
      ).toBe(200);
    expect((await follows()).body.follows).toEqual([]);
  });

  it('stops the free plan at its limit with the follows wall, and changes nothing', async () => {
    const free = await trialUser(lib);
    for (let i = 0; i < 5; i++)
      expect((await follow({ kind: 'analyst', analyst: `Analyst ${i}` }, free.token)).status).toBe(200);
    const r = await follow({ kind: 'analyst', analyst: 'Analyst 5' }, free.token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'quota_exceeded', reason: 'follows', limit: 5, used: 5 });
    // Following one already followed is not a new follow.
    expect((await follow({ kind: 'analyst', analyst: 'analyst 0' }, free.token)).status).toBe(200);
    expect((await follows(free.token)).body).toMatchObject({ limit: 5, used: 5 });
  });
});

describe('the inbox', () => {
  it('holds each new report once with every follow it matched, and the note’s rating and target', async () => {
    const user = await paidUser(lib);
    const company = await follow({ kind: 'company', ticker: '600519.SH' }, user.token, 'Moutai');
    const broker = await follow({ kind: 'issuer', issuer: 'harbor lane research' }, user.token);
    const sector = await follow({ kind: 'sector', sector: 'consumer_staples' }, user.token);
    const f = await arrives({
      title: '贵州茅台：下调至中性',
      issuer: 'Harbor Lane Research',
      sector: 'consumer_staples',
      stockInformation: [
        note({
          ticker: '600519.SH',
          company_name: '贵州茅台',
          rating: '中性',
          rating_normalised: 'hold',
          rating_action: 'downgrade',
          previous_rating: '买入',
          target_price: 'CNY 1,650',
          target_price_value: 1650,
          currency: 'CNY',
        }),
      ],
    });
    await arrives({
      title: 'Unrelated',
      issuer: 'Elsewhere',
      stockInformation: [note({ ticker: 'AAPL.US' })],
    });

    const r = await inbox({}, user.token);
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => i.id)).toEqual([f.id]);
    const [item] = r.body.items;
    expect(item!.reasons.map((x) => x.follow_id).sort()).toEqual(
      [company, broker, sector].map((x) => x.body.follow.follow_id).sort(),
    );
    expect(item!.reasons.find((x) => x.kind === 'company')?.label).toBe('Moutai');
    expect(item!.research).toMatchObject({
      ticker: '600519.SH',
      rating_action: 'downgrade',
      target_price: 1650,
      currency: 'CNY',
    });
    expect(item!.read).toBe(false);
    expect(r.body.unread).toBe(1);
    // A second run of the job delivers nothing twice.
    await createAlertsJob({
      files: lib.repos.files,
      follows: lib.repos.follows,
      inbox: lib.repos.inbox,
      clock: lib.clock,
    }).runStep('match', { file_seq: f.seq }, {} as JobRow);
    expect((await inbox({}, user.token)).body.total_items).toBe(1);
  });

  it('matches a saved search on all its words and its filters, and an analyst by name', async () => {
    const user = await paidUser(lib);
    await follow(
      { kind: 'search', search: { keyword: 'lithium carbonate', filter: { language: ['en'] } } },
      user.token,
    );
    await follow({ kind: 'analyst', analyst: 'WANG  Li' }, user.token);
    const both = await arrives({ title: 'Battery metals', pages: ['Lithium carbonate prices fell again.'] });
    await arrives({ title: 'Lithium only', pages: ['Lithium miners rallied.'] });
    await arrives({ title: '碳酸锂', language: 'zh', pages: ['lithium carbonate 价格'] });
    const analyst = await arrives({ title: 'Steel', authors: ['Wang Li'] });
    const r = await inbox({}, user.token);
    expect(r.body.items.map((i) => i.id).sort()).toEqual([both.id, analyst.id].sort());
  });

  it('matches a long report’s late words, and each saved search on its own filters', async () => {
    const user = await paidUser(lib);
    const saved = async (keyword: string, filter: Record<string, unknown>) =>
      (await follow({ kind: 'search', search: { keyword, filter } }, user.token, keyword)).body.follow
        .follow_id;
    const english = await saved('zirconium', { language: ['en'] });
    await saved('zirconium', { language: ['zh'] });
    const anyLanguage = await saved('zirconium sands', {});
    const late = await saved('yttrium', { language: ['en'] });
    // Over a thousand other words first: the words past any batch of them still match.
    const filler = Array.from({ length: 1200 }, (_, i) => `filler${i}word`).join(' ');
    const f = await arrives({ title: 'Rare earths', pages: [`${filler} zirconium sands and yttrium`] });
    const [item] = (await inbox({}, user.token)).body.items.filter((i) => i.id === f.id);
    expect(item?.reasons.map((r) => r.follow_id).sort()).toEqual([english, anyLanguage, late].sort());
  });

  it('paused follows match nothing; private uploads reach only their owner; taken-down reports leave', async () => {
    const user = await paidUser(lib);
    const owner = await paidUser(lib);
    const paused = await follow({ kind: 'issuer', issuer: 'Quiet Broker' }, user.token);
    await call(
      lib.app,
      '/api/follow/update',
      { follow_id: paused.body.follow.follow_id, paused: true },
      user,
    );
    await arrives({ issuer: 'Quiet Broker' });
    expect((await inbox({}, user.token)).body.items).toEqual([]);

    for (const u of [user, owner]) await follow({ kind: 'issuer', issuer: 'Private Broker' }, u.token);
    const upload = await arrives({ issuer: 'Private Broker', ownerId: owner.id });
    expect((await inbox({}, user.token)).body.items).toEqual([]);
    expect((await inbox({}, owner.token)).body.items.map((i) => [i.id, i.mine])).toEqual([[upload.id, true]]);

    await follow({ kind: 'issuer', issuer: 'Loud Broker' }, user.token);
    const gone = await arrives({ issuer: 'Loud Broker' });
    expect(await unread(user.token)).toBe(1);
    await takeDown(lib.db, gone.id);
    expect((await inbox({}, user.token)).body.items).toEqual([]);
    expect(await unread(user.token)).toBe(0);
    // A file made private after it arrived leaves the inboxes of everyone but its owner.
    const later = await arrives({ issuer: 'Loud Broker' });
    await makePrivate(lib.db, later, owner.id);
    expect(await unread(user.token)).toBe(0);
  });

  it('a report matched again gains each inbox its own new follows, keeping the ones it had', async () => {
    const [a, b, c] = [await paidUser(lib), await paidUser(lib), await paidUser(lib)];
    const f = await buildFile(lib.db, { title: 'Matched twice' });
    const followIdsOf = async () =>
      Object.fromEntries(
        (
          await lib.db
            .selectFrom('inbox_items')
            .select(['user_id', 'follow_ids'])
            .where('file_seq', '=', f.seq)
            .execute()
        ).map((r) => [r.user_id, JSON.parse(r.follow_ids) as string[]]),
      );
    const now = lib.clock.now().toISOString();
    expect(
      await lib.repos.inbox.deliver(
        f.seq,
        new Map([
          [a.id, ['fa1']],
          [b.id, ['fb1']],
        ]),
        now,
      ),
    ).toBe(2);
    expect(
      await lib.repos.inbox.deliver(
        f.seq,
        new Map([
          [a.id, ['fa1', 'fa2']],
          [b.id, ['fb2', 'fb1', 'fb3']],
          [c.id, ['fc1']],
        ]),
        now,
      ),
    ).toBe(1);
    expect(await followIdsOf()).toEqual({
      [a.id]: ['fa1', 'fa2'],
      [b.id]: ['fb1', 'fb2', 'fb3'],
      [c.id]: ['fc1'],
    });
  });

  it('marks read one report or all, and lists the unread ones alone', async () => {
    const user = await paidUser(lib);
    await follow({ kind: 'sector', sector: 'software' }, user.token);
    const a = await arrives({ sector: 'software' });
    lib.clock.set('2026-11-21T11:00:00.000Z');
    const b = await arrives({ sector: 'software' });
    expect((await inbox({}, user.token)).body.items.map((i) => i.id)).toEqual([b.id, a.id]);
    const marked = await call<InboxUnreadResponse>(lib.app, '/api/inbox/read', { file_ids: [a.id] }, user);
    expect(marked.body.unread).toBe(1);
    expect((await inbox({ unread_only: true }, user.token)).body.items.map((i) => i.id)).toEqual([b.id]);
    expect400(await call(lib.app, '/api/inbox/read', {}, user));
    expect(
      (await call<InboxUnreadResponse>(lib.app, '/api/inbox/read', { all: true }, user)).body.unread,
    ).toBe(0);
    expect((await inbox({}, user.token)).body.items.every((i) => i.read)).toBe(true);
  });

  it('is queued when a report is indexed for the first time, not when it is read again', async () => {
    const writes = createIngestWrites(lib.transaction, { modelPass: false });
    const f = await buildFile(lib.db, { status: 'processing' });
    const row = (await lib.repos.files.bySeq(f.seq))!;
    const doc = searchDocument(metaFromColumns(row), ['Body']);
    await writes.markIndexed(f.seq, doc, row.report_type, lib.clock.now().toISOString());
    const alerts = await queuedPayloads(lib.db, 'alerts');
    expect(alerts.filter((p) => p.file_seq === f.seq)).toHaveLength(1);
  });

  it('is queued when an upload is published to the library, and reaches other followers once an administrator confirms its research data', async () => {
    const owner = await paidUser(lib);
    const follower = await paidUser(lib);
    await follow({ kind: 'issuer', issuer: 'Shared Broker' }, follower.token);
    const upload = await arrives({ issuer: 'Shared Broker', ownerId: owner.id });
    expect((await inbox({}, follower.token)).body.items).toEqual([]);
    const published = await call(
      lib.app,
      '/api/file/myfiles/publish',
      { file_id: upload.id, publish: true },
      owner,
    );
    expect(published.status).toBe(200);
    expect((await queuedPayloads(lib.db, 'alerts')).map((p) => p.file_seq)).toContain(upload.seq);
    const match = () =>
      createAlertsJob({
        files: lib.repos.files,
        follows: lib.repos.follows,
        inbox: lib.repos.inbox,
        clock: lib.clock,
      }).runStep('match', { file_seq: upload.seq }, {} as JobRow);
    // The broker's name is the uploader's claim until an administrator confirms it.
    await match();
    expect((await inbox({}, follower.token)).body.items).toEqual([]);
    const admin = await adminSession(lib);
    const confirmed = await manageCall(
      lib,
      'file/edit',
      { file_id: upload.id, research_confirmed: true },
      admin.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    await match();
    expect((await inbox({}, follower.token)).body.items.map((i) => i.id)).toEqual([upload.id]);
  });
});

describe('issuer stars are follows', () => {
  const asMigration = () => lib.db as unknown as Kysely<unknown>;
  const star = (issuer: string, active_star: boolean, token: string) =>
    call<IssuerStarResponse>(lib.app, '/api/file/issuer_star', { issuer, active_star }, { token });
  const starred = async (token: string) =>
    (await call<IssuerStarsResponse>(lib.app, '/api/file/get_issuer_stars', {}, { token })).body.issuers;
  const issuerFollows = async (userId: string) =>
    (
      await lib.db
        .selectFrom('follows')
        .select(['key', 'label'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'issuer')
        .orderBy('key')
        .execute()
    ).map((f) => [f.key, f.label]);

  it('the migration copies every star into one follow per issuer, beyond the free plan’s limit', async () => {
    // The library as it was before: stars in their own table.
    await down(asMigration());
    const starry = await trialUser(lib);
    const keeper = await paidUser(lib);
    const stars = [
      'Alpha Securities',
      'ALPHA  SECURITIES',
      '國泰君安',
      '国泰君安',
      'Bravo Research',
      'Charlie Capital',
      'Delta Partners',
      'Echo Markets',
      'Foxtrot Advisors',
    ];
    const at = '2026-11-01T00:00:00.000Z';
    await sql`INSERT INTO issuer_stars (user_id, issuer, created_at) VALUES
      ${sql.join(stars.map((issuer) => sql`(${starry.id}, ${issuer}, ${at})`))}`.execute(lib.db);
    // One already followed: the follow stays as it is, with its own spelling.
    await follow({ kind: 'issuer', issuer: 'Golf Brokers' }, keeper.token);
    await sql`INSERT INTO issuer_stars (user_id, issuer, created_at) VALUES (${keeper.id}, 'GOLF Brokers', ${at})`.execute(
      lib.db,
    );

    await up(asMigration());
    const copied = await issuerFollows(starry.id);
    expect(copied).toHaveLength(7);
    expect(copied.map(([key]) => key)).toEqual(
      expect.arrayContaining(['alpha securities', '国泰君安', 'bravo research', 'foxtrot advisors']),
    );
    expect(await issuerFollows(keeper.id)).toEqual([['golf brokers', 'Golf Brokers']]);
    await expect(sql`SELECT count(*) FROM issuer_stars`.execute(lib.db)).rejects.toThrow();

    // Kept above the limit, listed as stars and as follows; a new one is refused with the wall.
    expect((await follows(starry.token)).body).toMatchObject({ limit: 5, used: 7 });
    expect(await starred(starry.token)).toHaveLength(7);
    const over = await star('Hotel Holdings', true, starry.token);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'quota_exceeded', reason: 'follows', limit: 5, used: 7 });
    // And they match new reports as any follow does, in either script.
    await arrives({ issuer: '國泰君安' });
    expect((await inbox({}, starry.token)).body.items).toHaveLength(1);
  });

  it('a star in the issuer lists is a follow of the issuer, and a follow shows as a star', async () => {
    const user = await trialUser(lib);
    await buildFile(lib.db, { issuer: 'Kilo Securities' });
    expect((await star('Kilo Securities', true, user.token)).body).toEqual({
      issuer: 'Kilo Securities',
      starred: true,
    });
    const list = (await follows(user.token)).body.follows;
    expect(list.map((f) => [f.kind, f.key, f.label])).toEqual([
      ['issuer', 'kilo securities', 'Kilo Securities'],
    ]);

    // Followed from a Follow button: the issuer lists show it among my stars.
    await follow({ kind: 'issuer', issuer: 'Lima Research' }, user.token, 'Lima Research');
    const issuers = await call<IssuerResponse>(lib.app, '/api/file/issuer', {}, user);
    expect(issuers.body.star).toEqual([
      { name: 'Kilo Securities', file_count: 1 },
      { name: 'Lima Research', file_count: 0 },
    ]);

    // Unstarring stops following; stopping to follow takes the star away.
    await star('KILO securities', false, user.token);
    const lima = (await follows(user.token)).body.follows.find((f) => f.key === 'lima research');
    await call(lib.app, '/api/follow/remove', { follow_id: lima!.follow_id }, user);
    expect(await starred(user.token)).toEqual([]);
    expect((await follows(user.token)).body.used).toBe(0);

    // An issuer followed keeps its name (the lists find its reports by it): no other label, no rename.
    await follow({ kind: 'issuer', issuer: 'Kilo Securities' }, user.token, 'My favourite broker');
    const kilo = (await follows(user.token)).body.follows[0]!;
    expect(kilo.label).toBe('Kilo Securities');
    const renamed = await call(
      lib.app,
      '/api/follow/update',
      { follow_id: kilo.follow_id, label: 'Kilo' },
      user,
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ code: 'validation', field: 'label' });
    expect((await follows(user.token)).body.follows[0]!.label).toBe('Kilo Securities');
    const paused = await call(
      lib.app,
      '/api/follow/update',
      { follow_id: kilo.follow_id, paused: true },
      user,
    );
    expect(paused.status).toBe(200);
    expect((await call<IssuerResponse>(lib.app, '/api/file/issuer', {}, user)).body.star).toEqual([
      { name: 'Kilo Securities', file_count: 1 },
    ]);
    await call(lib.app, '/api/follow/remove', { follow_id: kilo.follow_id }, user);

    // A starred issuer's new report reaches the inbox.
    await star('Mike Brokers', true, user.token);
    const f = await arrives({ issuer: 'Mike Brokers' });
    const [item] = (await inbox({}, user.token)).body.items;
    expect(item?.id).toBe(f.id);
    expect(item?.reasons.map((r) => [r.kind, r.label])).toEqual([['issuer', 'Mike Brokers']]);
  });
});

describe('analysts', () => {
  it('a followed analyst’s new note reaches the inbox, whatever the case and spacing of the name', async () => {
    const user = await paidUser(lib);
    const r = await follow({ kind: 'analyst', analyst: 'Chen  Jing' }, user.token, 'Chen Jing');
    expect(r.body.follow).toMatchObject({ kind: 'analyst', key: 'chen jing', label: 'Chen Jing' });
    const f = await arrives({ title: 'Copper outlook', authors: ['CHEN Jing', 'Li Wei'] });
    await arrives({ title: 'Gold outlook', authors: ['Chen Jingyi'] });
    const items = (await inbox({}, user.token)).body.items;
    expect(items.map((i) => i.id)).toEqual([f.id]);
    expect(items[0]?.reasons.map((x) => [x.kind, x.label])).toEqual([['analyst', 'Chen Jing']]);
  });
});

describe('the model’s research pass', () => {
  const NOTE = [
    'Kweichow Moutai (600519 CH)\nRating: Buy (maintained)\nPrice target: CNY 2,100.00',
    'Moutai keeps its pricing power.',
  ];
  const ANSWER = JSON.stringify({
    companies: [
      {
        ticker: '600519 CH',
        company_name: 'Kweichow Moutai',
        rating: 'Buy',
        rating_action: 'maintain',
        previous_rating: null,
        target_price: 2100,
        currency: 'CNY',
        previous_target_price: null,
      },
    ],
    sector: 'consumer_staples',
  });
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm({ reply: () => ANSWER });
  });
  afterAll(() => fake.close());

  it('matches the report again when it finds a company: its followers get it, nobody twice', async () => {
    const companyFan = await paidUser(lib);
    const brokerFan = await paidUser(lib);
    const bothFan = await paidUser(lib);
    await follow({ kind: 'company', ticker: '600519.SH' }, companyFan.token, 'Moutai');
    await follow({ kind: 'issuer', issuer: 'November Research' }, brokerFan.token);
    await follow({ kind: 'issuer', issuer: 'November Research' }, bothFan.token);
    await follow({ kind: 'company', ticker: '600519.SH' }, bothFan.token, 'Kweichow');
    // Ingested with nothing the rules could read of its companies: only the broker's follower.
    const f = await arrives({ issuer: 'November Research', reportType: 'company', pages: NOTE });
    expect((await inbox({}, companyFan.token)).body.items).toEqual([]);
    expect((await inbox({}, brokerFan.token)).body.items.map((i) => i.id)).toEqual([f.id]);
    await call(lib.app, '/api/inbox/read', { all: true }, bothFan);
    const arrivedFirst = (await inbox({}, bothFan.token)).body.items[0]?.arrived_time;

    const research = createResearchJob({
      files: lib.repos.files,
      transaction: lib.transaction,
      llm: createLlmClient({ baseUrl: fake.url, model: 'fake', maxRetries: 0 }),
      clock: lib.clock,
    });
    const alertsQueued = async () =>
      (await queuedPayloads(lib.db, 'alerts')).filter((p) => p.file_seq === f.seq).length;
    expect(await alertsQueued()).toBe(0);
    await research.runStep('read', { file_seq: f.seq, new_report: true }, {} as JobRow);
    expect(await alertsQueued()).toBe(1);
    // The queued job, as the runner would run it.
    await createAlertsJob({
      files: lib.repos.files,
      follows: lib.repos.follows,
      inbox: lib.repos.inbox,
      clock: lib.clock,
    }).runStep('match', { file_seq: f.seq }, {} as JobRow);

    const [item] = (await inbox({}, companyFan.token)).body.items;
    expect(item?.id).toBe(f.id);
    expect(item?.reasons.map((r) => r.label)).toEqual(['Moutai']);
    expect(item?.research).toMatchObject({ ticker: '600519.SH', target_price: 2100 });
    expect((await inbox({}, brokerFan.token)).body.total_items).toBe(1);
    // Already there through the broker: still once, as it arrived and read, now saying both reasons.
    lib.clock.set('2026-11-21T12:00:00.000Z');
    await createAlertsJob({
      files: lib.repos.files,
      follows: lib.repos.follows,
      inbox: lib.repos.inbox,
      clock: lib.clock,
    }).runStep('match', { file_seq: f.seq }, {} as JobRow);
    const both = (await inbox({}, bothFan.token)).body;
    expect(both.total_items).toBe(1);
    expect(both.items[0]).toMatchObject({ id: f.id, read: true, arrived_time: arrivedFirst });
    expect(both.items[0]?.reasons.map((r) => r.label).sort()).toEqual(['Kweichow', 'November Research']);

    // A pass that changes nothing queues no matching.
    await research.runStep('read', { file_seq: f.seq, new_report: true }, {} as JobRow);
    expect(await alertsQueued()).toBe(1);
  });
});
