import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_DAYS, type DashboardStatusResponse } from '@rl/contract';
import { READING_VERSION } from '../src/pdf/reading-version.js';
import { buildUser } from './accounts.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { takeDown, trialUser } from './library-helpers.js';
import { adminToken } from './security-check-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';
let lib: TestLibrary;
let admin: { token: string };

const status = (token?: string) =>
  call<DashboardStatusResponse>(lib.app, '/api/manage/dashboard/status', undefined, {
    method: 'GET',
    ...(token ? { token } : {}),
  });
const at = (day: string) => `${day}T08:00:00.000Z`;

/** A known small library: every number of the dashboard is counted by hand below. */
async function seed(): Promise<void> {
  const db = lib.db;
  const users = [
    { spec: {}, day: '2026-11-21' },
    { spec: { status: 'inactive' as const }, day: '2026-11-21' },
    { spec: { level: 'paid_v0', expires: null }, day: '2026-11-19' },
    // A paid level past its end is the trial plan.
    { spec: { level: 'paid_v0', expires: '2026-06-01T00:00:00.000Z' }, day: '2026-10-23' },
    {
      spec: { level: 'paid_v1', expires: '2027-01-01T00:00:00.000Z', status: 'disabled' as const },
      day: '2026-10-22',
    },
  ];
  for (const u of users) {
    const { id } = await buildUser(db, u.spec);
    await db
      .updateTable('users')
      .set({ created_time: at(u.day) })
      .where('id', '=', id)
      .execute();
  }
  const owner = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  const same = 'f'.repeat(64);
  await buildFile(db, { sha256: same, sizeBytes: 5000 });
  await buildFile(db, { sha256: same, sizeBytes: 5000 });
  const down = await buildFile(db, { sizeBytes: 700 });
  await takeDown(db, down.id);
  await buildFile(db, { status: 'failed', sizeBytes: 300 });
  const mine = await buildFile(db, { ownerId: owner, status: 'processing', sizeBytes: 2000 });
  const shared = await buildFile(db, { ownerId: owner, visibility: 'public', sizeBytes: 1000 });
  await db
    .updateTable('files')
    .set({ upload_time: at('2026-11-20') })
    .where('id', '=', mine.id)
    .execute();
  await db
    .updateTable('files')
    .set({ upload_time: at('2026-09-30') })
    .where('id', '=', shared.id)
    .execute();

  for (const day of ['2026-11-21', '2026-11-21', '2026-11-01', '2026-10-23', '2026-10-22'])
    await db
      .insertInto('downloads')
      .values({
        user_id: owner,
        username: 'x',
        file_id: down.id,
        file_name: 'x.pdf',
        size_bytes: 1,
        ip: '::1',
        created_at: at(day),
      })
      .execute();
  for (const state of ['queued', 'queued', 'running', 'failed', 'done', 'done'] as const)
    await db
      .insertInto('jobs')
      .values({
        type: 'ingest',
        payload: '{}',
        state,
        step: '',
        attempts: 0,
        max_attempts: 3,
        run_after: NOW,
        locked_at: null,
        last_error: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  const text = {
    first_name: 'x',
    last_name: 'x',
    address: 'x',
    copyright_holder: 'x',
    city: 'x',
    state: 'x',
  };
  const more = {
    country: 'x',
    zip_code: 'x',
    phone: 'x',
    email: 'x',
    filename: 'x',
    description: 'x',
    signature: 'x',
  };
  const statuses = ['received', 'under_review', 'counter_notice', 'accepted', 'rejected'] as const;
  for (const [i, s] of statuses.entries())
    await db
      .insertInto('dmca_complaints')
      .values({
        ...text,
        ...more,
        id: `d_${i}`,
        status: s,
        confirmations: '{}',
        file_id: null,
        ip: '::1',
        handled_by: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
  for (const [i, handled] of [0, 0, 1].entries())
    await db
      .insertInto('contact_messages')
      .values({
        id: `m_${i}`,
        subject: 's',
        message: 'm',
        email: 'e@example.com',
        user_id: null,
        username: null,
        ip: '::1',
        handled,
        handled_by: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
}

beforeAll(async () => {
  lib = await openTestLibrary();
  await seed();
  // The administrator and a user of the 401 checks are accounts too (created 2026-11-01, trial, active).
  admin = await adminToken(lib);
});
afterAll(() => lib.close());

describe('GET /api/manage/dashboard/status', () => {
  it('refuses a call without a token or with a user token (401)', async () => {
    const user = await trialUser(lib);
    expect((await status()).status).toBe(401);
    expect((await status(user.token)).status).toBe(401);
    await lib.db.deleteFrom('users').where('id', '=', user.id).execute();
  });

  it('counts the known library exactly, with zero-filled days, oldest first', async () => {
    const r = await status(admin.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const days = (counts: Record<string, number>) =>
      Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
        const date = new Date(Date.parse('2026-10-23') + i * 86_400_000).toISOString().slice(0, 10);
        return { date, count: counts[date] ?? 0 };
      });
    expect(r.body).toEqual({
      generated_time: NOW,
      users: {
        total: 6,
        by_plan: { trial: 4, paid_v0: 2 },
        by_status: { active: 4, inactive: 1, disabled: 1 },
      },
      signups_by_day: days({ '2026-10-23': 1, '2026-11-01': 1, '2026-11-19': 1, '2026-11-21': 2 }),
      files: {
        total: 6,
        by_status: { ready: 4, failed: 1, processing: 1 },
        // The taken-down file (public before) is counted as taken down only.
        by_visibility: { public: 4, private: 1 },
        taken_down: 1,
      },
      uploads_by_day: days({ '2026-11-20': 1 }),
      downloads_by_day: days({ '2026-10-23': 1, '2026-11-01': 1, '2026-11-21': 2 }),
      translations: {},
      jobs: { queued: 2, running: 1, failed: 1 },
      storage_bytes: 5000 + 700 + 300 + 2000 + 1000,
      dmca_open: 3,
      messages_unhandled: 2,
      // Every ready file was read by the current reading: no re-ingestion is owed.
      reingest: { running: false, done: 4, total: 4, outdated: 0, reading_version: READING_VERSION },
    });
    expect(r.body.signups_by_day[0]!.date).toBe('2026-10-23');
    expect(r.body.signups_by_day.at(-1)!.date).toBe('2026-11-21');
  });
});
