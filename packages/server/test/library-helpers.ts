import { expect } from 'vitest';
import type { ErrorBody } from '@rl/contract';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { createSessions } from '../src/modules/auth/sessions.js';
import { createSessionsRepo } from '../src/modules/auth/sessions-repo.js';
import { createSearchRepo } from '../src/modules/search/repo.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { buildUser, type UserSpec } from './accounts.js';
import { buildFile, type FileSpec } from './factories.js';
import type { TestLibrary } from './harness.js';

/** Helpers of the my-library tests (stars, collections, downloads). */

export interface TestUser {
  id: string;
  username: string;
  token: string;
}

/**
 * A user with a live session. The token is issued directly rather than through /api/user/login,
 * whose per-IP throttle (30 a minute) these files would exceed.
 */
export async function userWithToken(lib: TestLibrary, spec: UserSpec = {}): Promise<TestUser> {
  const u = await buildUser(lib.db, spec);
  return { id: u.id, username: u.username, token: await newSession(lib, u.id) };
}
/** A new session of the account, as a login makes (e.g. after the clock passed the idle timeout). */
export function newSession(lib: TestLibrary, userId: string): Promise<string> {
  const sessions = createSessions({
    repo: createSessionsRepo(lib.db),
    clock: lib.clock,
    ttlDays: lib.config.sessionTtlDays,
    idleDays: lib.config.sessionIdleDays,
  });
  return sessions.issue(userId, 'fp-test');
}
export const paidUser = (lib: TestLibrary) => userWithToken(lib, { level: 'paid_v0', expires: null });
export const trialUser = (lib: TestLibrary) => userWithToken(lib);

/** Makes a file another user's private upload, out of the public index. */
export async function makePrivate(db: Db, file: { id: string; seq: number }, ownerId: string): Promise<void> {
  await db
    .updateTable('files')
    .set({ visibility: 'private', owner_id: ownerId })
    .where('id', '=', file.id)
    .execute();
  await createSearchRepo(db).unindex(file.seq);
}

/** Takes a file down as an accepted complaint does: marked, and out of the search index. */
export async function takeDown(db: Db, id: string): Promise<void> {
  const row = await db
    .updateTable('files')
    .set({ taken_down_at: '2026-11-21T09:00:00.000Z' })
    .where('id', '=', id)
    .returning('seq')
    .executeTakeFirst();
  if (row) await createSearchRepo(db).unindex(row.seq);
}

/** The files a caller may never see: another user's private upload, taken down, processing, failed. */
export async function hiddenFiles(db: Db, otherUserId: string): Promise<Record<string, string>> {
  const priv = await buildFile(db, { title: 'Someone else private' });
  await makePrivate(db, priv, otherUserId);
  const down = await buildFile(db, { title: 'Taken down' });
  await takeDown(db, down.id);
  const processing = await buildFile(db, { title: 'Processing', status: 'processing' });
  const failed = await buildFile(db, { title: 'Failed', status: 'failed' });
  return { private: priv.id, takenDown: down.id, processing: processing.id, failed: failed.id };
}

/** A small real PDF of the shared corpus, read in place. */
export const REAL_PDF = readCorpusFile('reports', 'usda_ag_energy_roundup_2017-02-24.pdf');

/** A library file whose bytes (REAL_PDF) are in storage, saved under `fileName`. */
export async function storedFile(
  lib: TestLibrary,
  fileName: string,
  spec: FileSpec = {},
): Promise<{ id: string; seq: number; size: number }> {
  const { sha256, size } = await lib.storage.put(REAL_PDF);
  const f = await buildFile(lib.db, { ...spec, sha256 });
  await lib.db
    .updateTable('files')
    .set({ file_name: fileName, size_bytes: size })
    .where('id', '=', f.id)
    .execute();
  return { ...f, size };
}

/** Row counts of the my-library tables: a refused call must leave them as they were. */
export async function libraryTables(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['file_stars', 'follows', 'collections', 'collection_files', 'downloads', 'usage_counters'])
    out[t] = Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(t)}`.execute(db)).rows[0]?.n,
    );
  const stars = await sql<{ n: number }>`SELECT coalesce(sum(stars), 0) AS n FROM files`.execute(db);
  out['files.stars'] = Number(stars.rows[0]?.n);
  return out;
}

/** A 400 in the catalogue's shape. */
export function expect400(r: { status: number; body: unknown }, field?: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  const body = r.body as ErrorBody;
  expect(typeof body.error_msg).toBe('string');
  expect(body.error_msg.length).toBeGreaterThan(0);
  expect(Object.keys(body).every((k) => ['error_msg', 'code', 'field'].includes(k))).toBe(true);
  if (field !== undefined) expect(body.field).toBe(field);
}

export const FILE_NOT_FOUND = { error_msg: 'File not found', code: 'file_not_found' };
export const NOT_LOGGED_IN = { error_msg: 'Please login first', code: 'unauthorized' };
