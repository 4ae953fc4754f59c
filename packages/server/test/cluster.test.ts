import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  ERROR_CODES,
  PLANS,
  type LoginResponse,
  type MyFilesResponse,
  type SearchResponse,
  type UploadResponse,
} from '@rl/contract';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database.js';
import { generateDemoReport, type DemoReportPlan } from '../src/demo/index.js';
import type { JobRow } from '../src/jobs/jobs-repo.js';
import { openFileStorage } from '../src/platform/storage/index.js';
import { buildUser } from './accounts.js';
import { startCluster, type ApiInstance, type Cluster, type WorkerProcess } from './cluster-processes.js';
import { exited, waitFor } from './process.js';
import { startS3Server, type TestS3Server } from './s3-server.js';
import { createTestDatabase, testDialect, type TestDatabase } from './test-database.js';
import { fetchUpload, holdUploads, storedBlobs, uploadTemps } from './upload-helpers.js';
import { fileSeqOf } from './queued-jobs.js';

/**
 * The product spread over processes as in a deployment of several machines: two API instances
 * (`start`, JOBS=off) and two job workers (`worker`) as real child processes on one PostgreSQL
 * schema and one S3-compatible store (a real s3rver), each with a DATA_DIR of its own. A paid user
 * uploads 20 demo reports through both instances at once; one worker is killed with SIGKILL while
 * it runs an ingest job. Every file must end ready, stored once, indexed once and searchable through
 * either instance; no job may have run twice at once; the killed worker's jobs must have been taken
 * over and finished; the upload quota must count exactly, also when two instances race for a free
 * user's last upload.
 */

const UPLOADS = 20;
/** Short: the killed worker's job is taken over after this long. */
const LEASE_S = 5;
const SIGNING_SECRET = 'cluster-test-signing-secret-0123456789abcdef';
const DEMO_SEED = 20261124;
const TODAY = '2026-11-21';
/** Free users, each one upload below the plan's limit, each racing two uploads. */
const RACERS = 3;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe.skipIf(testDialect() !== 'postgres')(
  'two API instances and two workers on one PostgreSQL and one S3 store',
  () => {
    let dir: string;
    let database: TestDatabase;
    let db: Db;
    let s3: TestS3Server;
    let cluster: Cluster | undefined;
    const prefix = 'cluster';
    let paid: Awaited<ReturnType<typeof buildUser>>;
    const racers: Awaited<ReturnType<typeof buildUser>>[] = [];
    let reports: { plan: DemoReportPlan; bytes: Uint8Array }[] = [];
    /** Two more reports, under the free plan's size limit, that the free users race with. */
    let racing: { plan: DemoReportPlan; bytes: Uint8Array }[] = [];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'rl-cluster-'));
      database = await createTestDatabase(dir);
      db = openDatabase(database.settings);
      await migrateToLatest(db);
      paid = await buildUser(db, { level: 'paid_v0', expires: null });
      for (let i = 0; i < RACERS; i++) {
        const u = await buildUser(db);
        await holdUploads(db, u.id, PLANS.trial.upload_max_files - 1, 1000);
        // Rows without text: marked summarised, so that no process queues a summary of them at start.
        await db
          .updateTable('files')
          .set({ summarised_at: '2026-11-01T00:00:00.000Z' })
          .where('owner_id', '=', u.id)
          .execute();
        racers.push(u);
      }
      s3 = await startS3Server();
      const generating = (async () => {
        const out = [];
        for (let i = 0; i < UPLOADS + 2; i++) out.push(await generateDemoReport(DEMO_SEED, i, TODAY));
        return out;
      })();
      cluster = await startCluster({
        dir,
        apis: 2,
        workers: 2,
        shared: {
          DATABASE_URL: database.url,
          ...s3.env(prefix),
          SIGNING_SECRET,
          SEED_COUNT: '0',
          DEMO_ACCOUNTS: '0',
          LOG_LEVEL: 'info',
          GEOIP_CSV: 'off',
          PDF_WORKERS: '1',
          JOB_CONCURRENCY: '2',
          JOB_LEASE_S: String(LEASE_S),
          // 20 uploads of one user at once test the instances, not one client's bound (slow-uploads.test.ts).
          UPLOADS_AT_ONCE_PER_USER: '20',
          UPLOADS_AT_ONCE_PER_ADDRESS: '20',
        },
      });
      const all = await generating;
      reports = all.slice(0, UPLOADS);
      racing = all.slice(UPLOADS);
    }, 420_000);

    afterAll(async () => {
      await cluster?.stop();
      await db?.destroy();
      await database?.drop();
      await s3?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }, 180_000);

    /** On a failure, what each process logged last. */
    const withLogsOnFailure = () =>
      onTestFailed(() => {
        if (cluster) console.error(cluster.logTails());
      });

    // ---- HTTP and database helpers ------------------------------------------------------------

    async function api<T>(instance: ApiInstance, path: string, body: unknown, token?: string) {
      const res = await fetch(instance.url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-fingerprint': 'fp-cluster',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as T };
    }
    async function login(instance: ApiInstance, u: { username: string; password: string }) {
      const r = await api<LoginResponse>(instance, '/api/user/login', {
        username: u.username,
        passwd: u.password,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.token;
    }
    const search = (instance: ApiInstance, body: Record<string, unknown>, token?: string) =>
      api<SearchResponse>(instance, '/api/file/search', { page_length: 100, ...body }, token);
    const usage = async (instance: ApiInstance, token: string) =>
      (await api<MyFilesResponse>(instance, '/api/file/myfiles', {}, token)).body.usage;
    const uploadsLeft = async (instance: ApiInstance, token: string) =>
      (await api<Record<string, number>>(instance, '/api/user/quota', {}, token)).body.upload_quota;

    const jobsRows = () => db.selectFrom('jobs').selectAll().orderBy('id').execute() as Promise<JobRow[]>;
    const runningJobsOf = (w: WorkerProcess) =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'running')
        .where('locked_by', '=', w.workerId)
        .orderBy('id')
        .execute() as Promise<JobRow[]>;
    /** The states of a process's database connections (none once it is dead and they are gone). */
    const backendsOf = async (appName: string) =>
      (
        await sql<{ state: string | null }>`SELECT state FROM pg_stat_activity
          WHERE application_name = ${appName}`.execute(db)
      ).rows.map((r) => r.state);

    /**
     * Kills `w` with SIGKILL while it holds a running ingest job, and answers the jobs it held.
     * The moment is pinned: the worker is stopped (SIGSTOP) while it holds one and every one of its
     * connections is idle (no statement or transaction under way), so what the jobs table says it
     * holds is what it held when it died; otherwise it is continued and the search goes on. The
     * jobs are read again once its connections are gone, so a statement still on its way cannot
     * have changed them unseen.
     */
    async function killHoldingAnIngestJob(w: WorkerProcess): Promise<JobRow[]> {
      await waitFor(
        `${w.name} to hold a running ingest job`,
        async () => {
          if (!(await runningJobsOf(w)).some((j) => j.type === 'ingest')) return undefined;
          w.child.kill('SIGSTOP');
          const states = await backendsOf(w.appName);
          const held = await runningJobsOf(w);
          if (states.every((s) => s === 'idle') && held.some((j) => j.type === 'ingest')) {
            w.child.kill('SIGKILL');
            return true;
          }
          w.child.kill('SIGCONT');
          return undefined;
        },
        240_000,
      );
      await exited(w.child);
      await waitFor(`${w.name}'s connections to close`, async () =>
        (await backendsOf(w.appName)).length === 0 ? true : undefined,
      );
      return runningJobsOf(w);
    }

    // ---- the tests ----------------------------------------------------------------------------

    it(`ingests ${UPLOADS} uploads sent through both instances at once exactly once, across a worker killed mid-ingest`, async () => {
      withLogsOnFailure();
      const [api1, api2] = cluster!.apis as [ApiInstance, ApiInstance];
      const [victim, survivor] = cluster!.workers as [WorkerProcess, WorkerProcess];
      // A session made through one instance is good on the other.
      const token = await login(api2, paid);
      // Both instances have answered (and may have cached) the empty count before the uploads.
      for (const a of [api1, api2]) expect((await search(a, {}, token)).body.total_items).toBe(0);

      const killing = killHoldingAnIngestJob(victim);
      const answers = await Promise.all(
        reports.map((r, i) =>
          fetchUpload<UploadResponse>([api1, api2][i % 2]!.url, token, r.bytes, r.plan.fileName),
        ),
      );
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(answers.filter((a) => a.body.duplicate)).toEqual([]);
      const ids = answers.map((a) => a.body.file.id);
      expect(new Set(ids).size).toBe(UPLOADS);
      const killed = await killing;
      expect(killed.filter((j) => j.type === 'ingest').length).toBeGreaterThan(0);

      // Every file ready and nothing left to do: the killed worker's jobs too, once their lease ran out.
      await waitFor(
        'every upload ready and every job done',
        async () => {
          const files = await db
            .selectFrom('files')
            .select(['status', 'file_name', 'fail_reason'])
            .where('owner_id', '=', paid.id)
            .execute();
          const failed = files.filter((f) => f.status === 'failed');
          if (failed.length) throw new Error(`uploads failed: ${JSON.stringify(failed)}`);
          const open = (await jobsRows()).filter((j) => j.state === 'queued' || j.state === 'running');
          return files.length === UPLOADS && files.every((f) => f.status === 'ready') && open.length === 0
            ? true
            : undefined;
        },
        300_000,
      );

      // One row per upload, with its pages and exactly one full-text row (its owner's index).
      const files = await db
        .selectFrom('files')
        .select(['id', 'seq', 'sha256', 'file_name', 'size_bytes', 'page_count', 'visibility'])
        .where('owner_id', '=', paid.id)
        .orderBy('seq')
        .execute();
      expect(files.map((f) => f.id).sort()).toEqual([...ids].sort());
      expect(new Set(files.map((f) => f.sha256))).toEqual(new Set(reports.map((r) => sha256(r.bytes))));
      const pages = await sql<{ file_seq: number; n: number }>`SELECT file_seq, count(*) AS n
          FROM file_pages GROUP BY file_seq`.execute(db);
      const indexed = await sql<{
        seq: number;
        t: string;
      }>`SELECT rowid AS seq, 'private' AS t FROM private_fts
          UNION ALL SELECT rowid AS seq, 'public' AS t FROM files_fts`.execute(db);
      for (const f of files) {
        const report = reports.find((r) => sha256(r.bytes) === f.sha256)!;
        expect(f, report.plan.fileName).toMatchObject({
          page_count: report.plan.pageCount,
          size_bytes: report.bytes.length,
          visibility: 'private',
        });
        expect(Number(pages.rows.find((p) => Number(p.file_seq) === f.seq)?.n)).toBe(f.page_count);
        expect(indexed.rows.filter((r) => Number(r.seq) === f.seq).map((r) => r.t)).toEqual(['private']);
      }

      // Each file: one ingest and one summarise job. Each ran once, by one worker, except the jobs
      // the killed worker held: the survivor took each over once (a second attempt) and finished it.
      const jobs = await jobsRows();
      const seqs = files.map((f) => f.seq).sort((a, b) => a - b);
      for (const type of ['ingest', 'summarise']) {
        const ofType = jobs.filter((j) => j.type === type);
        const fileSeqs = ofType.map(fileSeqOf);
        expect(
          fileSeqs.sort((a, b) => a - b),
          type,
        ).toEqual(seqs);
      }
      expect(jobs.filter((j) => j.state !== 'done')).toEqual([]);
      const killedIds = new Set(killed.map((j) => j.id));
      expect(jobs.filter((j) => killedIds.has(j.id))).toEqual(
        killed.map((j) =>
          expect.objectContaining({
            id: j.id,
            state: 'done',
            attempts: 2,
            taken_over_from: victim.workerId,
            locked_by: survivor.workerId,
          }),
        ),
      );
      const others = jobs.filter((j) => !killedIds.has(j.id));
      expect(
        others.filter((j) => j.attempts !== 1 || j.taken_over_from !== null || j.last_error !== null),
      ).toEqual([]);
      expect(
        others.filter((j) => j.locked_by !== victim.workerId && j.locked_by !== survivor.workerId),
      ).toEqual([]);
      expect(survivor.child.output()).toContain('taking over a job whose worker stopped renewing its lease');
      // No worker ever found a job of its own taken over: no job ran in two places at once.
      for (const p of cluster!.all()) {
        expect(p.child.output(), p.name).not.toContain('lost the lease of a job');
        expect(p.child.output(), p.name).not.toContain('no longer holds');
      }

      // Searchable once through either instance: the owner's list holds every upload once, with
      // a count that matches; each is found by its title; a visitor sees none of them.
      for (const a of [api1, api2]) {
        const all = (await search(a, {}, token)).body;
        expect(all.total_items, a.name).toBe(UPLOADS);
        expect(all.file_list.map((f) => f.id).sort(), a.name).toEqual([...ids].sort());
        expect((await search(a, {})).body.total_items, a.name).toBe(0);
      }
      for (const [i, r] of reports.entries()) {
        const a = [api1, api2][i % 2]!;
        const id = files.find((f) => f.sha256 === sha256(r.bytes))!.id;
        const found = await search(a, { keyword: r.plan.title, title_only: true }, token);
        expect(found.status, JSON.stringify(found.body)).toBe(200);
        const listed = found.body.file_list.map((f) => f.id);
        expect(
          listed.filter((x) => x === id),
          `${a.name}: ${r.plan.title}`,
        ).toHaveLength(1);
        expect(new Set(listed).size).toBe(listed.length);
        expect(found.body.total_items, r.plan.title).toBe(listed.length);
        expect(listed.every((x) => ids.includes(x))).toBe(true);
      }

      // The quota counted every upload once, whichever instance took it.
      // Storage counts each PDF and the text stored from it.
      const texts = await db
        .selectFrom('files')
        .select('text_bytes')
        .where('owner_id', '=', paid.id)
        .execute();
      const textBytes = texts.reduce((n, f) => n + Number(f.text_bytes), 0);
      expect(textBytes).toBeGreaterThan(0);
      const bytes = reports.reduce((n, r) => n + r.bytes.length, 0) + textBytes;
      for (const a of [api1, api2]) {
        expect(await usage(a, token), a.name).toMatchObject({ files: UPLOADS, bytes });
        expect(await uploadsLeft(a, token), a.name).toBe(PLANS.paid_v0.upload_max_files - UPLOADS);
      }

      // The PDFs are in the shared store, once each; no process kept one in its own folder.
      const store = openFileStorage(s3.settings(prefix));
      const stored = (await store.entries()).map((e) => e.sha256);
      expect(stored.filter((s) => s === null)).toEqual([]);
      expect(new Set(stored).size).toBe(stored.length);
      expect(new Set(stored)).toEqual(new Set(files.map((f) => f.sha256)));
      for (const p of cluster!.all()) {
        const own = { dir: join(dir, p.name), db };
        expect(storedBlobs(own), p.name).toEqual([]);
        expect(uploadTemps(own), p.name).toEqual([]);
      }
    }, 600_000);

    it(`free users one upload below the limit race two uploads through the two instances: exactly one is accepted`, async () => {
      withLogsOnFailure();
      const [api1, api2] = cluster!.apis as [ApiInstance, ApiInstance];
      const [a, b] = racing as [(typeof racing)[number], (typeof racing)[number]];
      for (const u of racers) {
        const token = await login(api1, u);
        const answers = await Promise.all([
          fetchUpload<UploadResponse & { code?: string }>(api1.url, token, a.bytes, a.plan.fileName),
          fetchUpload<UploadResponse & { code?: string }>(api2.url, token, b.bytes, b.plan.fileName),
        ]);
        expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([
          200, 403,
        ]);
        expect(answers.find((r) => r.status === 403)?.body.code).toBe(ERROR_CODES.quotaExceeded);
        const held = await db
          .selectFrom('files')
          .select('id')
          .where('owner_id', '=', u.id)
          .where('status', '!=', 'failed')
          .execute();
        expect(held).toHaveLength(PLANS.trial.upload_max_files);
        for (const api of [api1, api2]) {
          expect(await uploadsLeft(api, token), api.name).toBe(0);
          expect((await usage(api, token)).files, api.name).toBe(PLANS.trial.upload_max_files);
        }
      }
      // The accepted uploads are ingested by the worker still running.
      await waitFor(
        'the accepted uploads ready',
        async () => {
          const open = await db
            .selectFrom('files')
            .select('status')
            .where(
              'owner_id',
              'in',
              racers.map((u) => u.id),
            )
            .where('status', '!=', 'ready')
            .execute();
          if (open.some((f) => f.status === 'failed')) throw new Error('an accepted upload failed');
          return open.length === 0 ? true : undefined;
        },
        180_000,
      );
    }, 300_000);

    it('stops on SIGTERM: every process still running exits 0', async () => {
      withLogsOnFailure();
      const codes = await cluster!.stop();
      expect(codes).toEqual({ 'api-1': 0, 'api-2': 0, 'worker-1': null, 'worker-2': 0 });
    }, 120_000);
  },
);
