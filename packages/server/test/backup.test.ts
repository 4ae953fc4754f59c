import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadResponse, SearchResponse } from '@rl/contract';
import type { BackupManifest } from '../src/commands/backup/manifest.js';
import { relativePathOf } from '../src/platform/storage/types.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, REAL_PDF, storedFile, type TestUser } from './library-helpers.js';
import { exited, runCli, waitFor } from './process.js';
import { testDialect } from './test-database.js';
import { padPdf, upload } from './upload-helpers.js';

/**
 * `backup DIR` and `restore DIR` as an operator runs them (the real CLI in child processes): a
 * library backed up while uploads keep arriving, restored into a new DATA_DIR, and a real server
 * started on it that searches and serves the PDF; a damaged backup, a non-empty target and a
 * PostgreSQL database are refused.
 */
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const FINGERPRINT = 'fp-test';

describe.skipIf(testDialect() !== 'sqlite')('backup and restore of a running SQLite library', () => {
  let lib: TestLibrary;
  let me: TestUser;
  let file: { id: string };
  let scratch: string;
  const backupDir = () => join(scratch, 'backup');

  beforeAll(async () => {
    lib = await openTestLibrary({}, { jobs: true });
    scratch = mkdtempSync(join(tmpdir(), 'rl-backup-'));
    me = await paidUser(lib);
    file = await storedFile(lib, 'copper-outlook.pdf', { title: 'Copper smelter outlook' });
  });
  afterAll(async () => {
    await lib?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const cli = (args: string[], dataDir: string) =>
    runCli(args, { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_COUNT: '0', DEMO_ACCOUNTS: '0' });

  it('backs up while uploads go on, and the copy verifies', async () => {
    // The writer: one upload after another (each a new PDF, ingested by the job runner) until the
    // backup has finished.
    let backupDone = false;
    let uploaded = 0;
    const refused: number[] = [];
    const writer = (async () => {
      for (let i = 0; !backupDone && i < 500; i++) {
        const r = await upload(lib, me.token, padPdf(REAL_PDF, REAL_PDF.length + 64, i), `upload-${i}.pdf`, {
          'x-fingerprint': FINGERPRINT,
        });
        if (r.status === 200) uploaded++;
        else refused.push(r.status);
      }
    })();
    await waitFor('the first uploads', () => {
      if (refused.length) throw new Error(`an upload was refused: ${refused[0]}`);
      return uploaded >= 3 ? true : undefined;
    });
    const atStart = uploaded;

    const backup = cli(['backup', backupDir()], lib.dir);
    const code = await exited(backup);
    backupDone = true;
    await writer;
    expect(refused).toEqual([]);
    expect(code, backup.output()).toBe(0);
    expect(backup.output()).toMatch(/Done: database .* verified in/);
    // Writers were never held up for the length of the backup: uploads kept completing meanwhile.
    expect(uploaded).toBeGreaterThan(atStart);

    const m = JSON.parse(readFileSync(join(backupDir(), 'manifest.json'), 'utf8')) as BackupManifest;
    // One snapshot: its file rows and the PDFs copied agree (the library PDF, then the uploads).
    expect(m.database.tables.files).toBeGreaterThanOrEqual(1 + atStart);
    expect(m.files.list.map((f) => f.sha256)).toContain(sha256(REAL_PDF));
    expect(m.files.count).toBe(m.files.list.length);
    expect(m.data_dir_files).toContain('signing-secret');
    for (const f of m.files.list)
      expect(sha256(readFileSync(join(backupDir(), 'files', relativePathOf(f.sha256))))).toBe(f.sha256);
  }, 240_000);

  it('refuses to back up into a folder that is not empty', async () => {
    const backup = cli(['backup', backupDir()], lib.dir);
    expect(await exited(backup)).toBe(1);
    expect(backup.output()).toContain('is not an empty folder');
  }, 120_000);

  it('refuses a damaged backup and leaves the target without a library', async () => {
    const damaged = join(scratch, 'damaged');
    cpSync(backupDir(), damaged, { recursive: true });
    const pdf = join(damaged, 'files', relativePathOf(sha256(REAL_PDF)));
    const bytes = readFileSync(pdf);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 200) ^ 0xff, bytes.length - 200);
    writeFileSync(pdf, bytes);

    const target = join(scratch, 'target-of-damaged');
    const restore = cli(['restore', damaged], target);
    expect(await exited(restore)).toBe(1);
    expect(restore.output()).toMatch(/does not verify: .*is damaged/);
    expect(existsSync(join(target, 'library.db'))).toBe(false);
    expect(existsSync(join(target, 'files'))).toBe(false);
  }, 120_000);

  it('restores into a fresh DATA_DIR; a server started on it searches and serves the PDF', async () => {
    const fresh = join(scratch, 'restored');
    const restore = cli(['restore', backupDir()], fresh);
    expect(await exited(restore), restore.output()).toBe(0);
    expect(readFileSync(join(fresh, 'signing-secret'), 'utf8')).toBe(
      readFileSync(join(lib.dir, 'signing-secret'), 'utf8'),
    );

    // A second restore over the restored library is refused: it never overwrites a library.
    const again = cli(['restore', backupDir()], fresh);
    expect(await exited(again)).toBe(1);
    expect(again.output()).toContain('library.db exists');

    const server = runCli(['start'], {
      DATA_DIR: fresh,
      PORT: '0',
      HTTP_WORKERS: '1',
      SEED_COUNT: '0',
      DEMO_ACCOUNTS: '0',
      PDF_WORKERS: '1',
      WEB_DIST: join(fresh, 'no-web'),
      // The session was issued on the test library's fixed clock, days before the real one this
      // server reads: what is tested is that it survives the restore, not the idle timeout.
      SESSION_IDLE_DAYS: '30',
    });
    try {
      const url = await waitFor(
        'the restored server to listen',
        () => {
          if (server.exitCode !== null) throw new Error(`the server exited at start:\n${server.output()}`);
          return /"url":"(http:\/\/127\.0\.0\.1:\d+)","msg":"server listening"/.exec(server.output())?.[1];
        },
        150_000,
      );
      // The session issued before the backup works on the restored library.
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${me.token}`,
        'x-fingerprint': FINGERPRINT,
      };
      const post = async <T>(path: string, body: unknown) => {
        const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
        return (await res.json()) as T;
      };
      const found = await post<SearchResponse>('/api/file/search', { keyword: 'copper smelter' });
      expect(found.file_list.map((f) => f.id)).toContain(file.id);

      const link = await post<DownloadResponse>('/api/file/download', { file_id: file.id });
      const pdf = await fetch(new URL(link.download_url, url), { headers });
      expect(pdf.status).toBe(200);
      expect(sha256(new Uint8Array(await pdf.arrayBuffer()))).toBe(sha256(REAL_PDF));
    } finally {
      server.kill('SIGTERM');
      await exited(server);
    }
    expect(readdirSync(fresh)).toContain('library.db');
  }, 300_000);
});

describe('backup of a PostgreSQL library', () => {
  it('is refused with the way to back it up instead, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rl-backup-pg-'));
    try {
      const backup = runCli(['backup', join(dir, 'backup')], {
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      });
      expect(await exited(backup)).toBe(1);
      expect(backup.output()).toContain('pg_dump');
      expect(existsSync(join(dir, 'backup'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
