import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminFileResponse,
  CompanyDetailResponse,
  CompanySearchResponse,
  FollowAnswer,
  InboxListResponse,
  MyFileEditResponse,
  SearchFacets,
} from '@rl/contract';
import type { JobRow } from '../src/jobs/job-list.js';
import { createAlertsJob } from '../src/modules/follows/alerts-job.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { adminSession, manageCall, type TestAdmin } from './admin-helpers.js';
import { paidUser, type TestUser } from './library-helpers.js';
import { queuedPayloads } from './queued-jobs.js';

/**
 * A user's upload cannot pose as a broker's view: a paid user names "Goldman Sachs" and a Sell on
 * AAPL in the edit form and publishes; until an administrator confirms it, the company page, the
 * type-ahead, the facets and other users' follows keep to the library's own notes.
 */

let lib: TestLibrary;
let owner: TestUser;
let follower: TestUser;
let admin: TestAdmin;
let uploadId: string;
let uploadSeq: number;

const TICKER = 'AAPL.US';
const CLAIM = {
  issuer: 'Goldman Sachs',
  stock_information: [
    {
      ticker: TICKER,
      company_name: 'Apple',
      rating: 'Sell',
      rating_normalised: 'sell',
      rating_action: 'downgrade',
      target_price_value: 1,
      currency: 'USD',
    },
  ],
  publish_date: '2026-11-20',
};

beforeAll(async () => {
  lib = await openTestLibrary();
  owner = await paidUser(lib);
  follower = await paidUser(lib);
  admin = await adminSession(lib);
  // The library's own Goldman note on Apple: a Buy.
  await buildFile(lib.db, {
    issuer: 'Goldman Sachs',
    publishDate: '2026-10-01',
    stockInformation: [
      {
        ticker: TICKER,
        company_name: 'Apple',
        rating: 'Buy',
        rating_normalised: 'buy',
        target_price: '250',
        currency: 'USD',
      },
    ],
  });
  // The user's upload, ready and private, as ingestion leaves it.
  const upload = await buildFile(lib.db, { ownerId: owner.id, issuer: 'Small Blog', title: 'My own note' });
  uploadId = upload.id;
  uploadSeq = upload.seq;
  for (const target of [
    { kind: 'issuer', issuer: 'Goldman Sachs' },
    { kind: 'company', ticker: TICKER },
  ]) {
    const f = await call<FollowAnswer>(lib.app, '/api/follow/add', { target }, { token: follower.token });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
  }
});
afterAll(() => lib.close());

const company = async () => {
  const r = await call<CompanyDetailResponse>(lib.app, '/api/company/detail', { ticker: TICKER });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const ratingFacet = async () =>
  (await call<SearchFacets>(lib.app, '/api/file/facets', { keyword: '', filter: {} })).body.rating;
const typeAhead = async () =>
  (await call<CompanySearchResponse>(lib.app, '/api/company/search', { input_content: 'AAPL' })).body
    .companies;
const runAlerts = () =>
  createAlertsJob({
    files: lib.repos.files,
    follows: lib.repos.follows,
    inbox: lib.repos.inbox,
    clock: lib.clock,
  }).runStep('match', { file_seq: uploadSeq }, {} as JobRow);
const followerInbox = async () =>
  (await call<InboxListResponse>(lib.app, '/api/inbox/list', {}, { token: follower.token })).body.items.map(
    (i) => i.id,
  );
const confirm = (research_confirmed: boolean) =>
  manageCall<AdminFileResponse>(lib, 'file/edit', { file_id: uploadId, research_confirmed }, admin.token);

describe("a published upload's research data is its uploader's claim", () => {
  it('stays out of the company page, the type-ahead, the facets and others’ follows', async () => {
    const edited = await call<MyFileEditResponse>(
      lib.app,
      '/api/file/myfiles/edit',
      { file_id: uploadId, ...CLAIM },
      { token: owner.token },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const published = await call(
      lib.app,
      '/api/file/myfiles/publish',
      { file_id: uploadId, publish: true },
      { token: owner.token },
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const page = await company();
    expect(page.latest_views.map((v) => v.issuer)).toEqual(['Goldman Sachs']);
    expect(page.latest_views.map((v) => v.rating_normalised)).toEqual(['buy']);
    expect(page.history.map((v) => v.file_id)).not.toContain(uploadId);
    expect(page.company.report_count).toBe(1);
    expect(page.rating_distribution.sell).toBe(0);
    expect((await typeAhead()).find((c) => c.ticker === TICKER)?.report_count).toBe(1);
    expect(await ratingFacet()).toEqual([{ value: 'buy', count: 1 }]);

    expect(await runAlerts()).toBe('done');
    expect(await followerInbox()).toEqual([]);
  });

  it('joins them once an administrator confirms it, and the follows hear of it then', async () => {
    const before = (await queuedPayloads(lib.db, 'alerts')).filter((p) => p.file_seq === uploadSeq).length;
    const r = await confirm(true);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file.research_confirmed_time).not.toBeNull();
    const queued = (await queuedPayloads(lib.db, 'alerts')).filter((p) => p.file_seq === uploadSeq);
    expect(queued.length).toBe(before + 1);

    const page = await company();
    expect(page.latest_views.map((v) => [v.file_id, v.rating_normalised])).toEqual([[uploadId, 'sell']]);
    expect(page.company.report_count).toBe(2);
    expect(await ratingFacet()).toEqual([
      { value: 'buy', count: 1 },
      { value: 'sell', count: 1 },
    ]);
    await runAlerts();
    expect(await followerInbox()).toEqual([uploadId]);
  });

  it('is a claim again when its owner changes what was confirmed (a new title alone keeps it)', async () => {
    const edit = (body: Record<string, unknown>) =>
      call<MyFileEditResponse>(
        lib.app,
        '/api/file/myfiles/edit',
        { file_id: uploadId, ...body },
        { token: owner.token },
      );
    expect((await edit({ document_title: 'A better title' })).status).toBe(200);
    expect((await company()).company.report_count).toBe(2);

    const changed = await edit({
      stock_information: [{ ...CLAIM.stock_information[0], rating: 'Strong Sell' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const page = await company();
    expect(page.company.report_count).toBe(1);
    expect(page.latest_views.map((v) => v.rating_normalised)).toEqual(['buy']);
    const detail = await manageCall<AdminFileResponse>(
      lib,
      'file/details',
      { file_id: uploadId },
      admin.token,
    );
    expect(detail.body.file.research_confirmed_time).toBeNull();
  });

  it('only an administrator confirms; a bad value is refused and changes nothing', async () => {
    const byUser = await call(
      lib.app,
      '/api/manage/file/edit',
      { file_id: uploadId, research_confirmed: true },
      { token: owner.token },
    );
    expect(byUser.status).toBe(401);
    const bad = await manageCall<{ code: string }>(
      lib,
      'file/edit',
      { file_id: uploadId, research_confirmed: 'yes' },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect((await company()).company.report_count).toBe(1);
  });
});
