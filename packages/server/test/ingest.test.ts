import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CLASSES, COUNTRIES, INGEST_MAX_BYTES } from '@rl/contract';
import { loadConfig } from '../src/config.js';
import { generateDemoReport } from '../src/demo/index.js';
import { importDirectory, type ImportRow } from '../src/commands/import-dir.js';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { fixedClock } from './harness.js';
import { createTestDatabase, testDialect } from './test-database.js';

const CORPUS = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpus');

/**
 * A runtime on the project's database (SQLite in `dir`, or a PostgreSQL schema dropped by close()).
 * Real filings get the production time limit; the malformed set a short one (bombs cost only that).
 */
async function runtime(dir: string, timeoutMs = 30_000): Promise<Runtime> {
  const database = await createTestDatabase(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PDF_TIMEOUT_MS: String(timeoutMs),
    DATABASE_URL: database.url,
  });
  const rt = await openRuntime(config, pino({ level: 'silent' }), { clock: fixedClock() });
  return { ...rt, close: () => rt.close().then(database.drop) };
}

describe('the ingestion pipeline', () => {
  let dir: string;
  let rt: Runtime;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-ingest-'));
    rt = await runtime(dir);
    rt.runner.start();
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ingests demo reports with the metadata their cover states', async () => {
    const plans = [];
    for (const i of [0, 1, 2, 3, 4, 5]) {
      const { plan, bytes } = await generateDemoReport(11, i, '2026-11-21');
      const outcome = await rt.ingestor.ingest({ bytes, fileName: plan.fileName, source: 'seed' });
      expect(outcome.kind).toBe('queued');
      plans.push({ plan, id: outcome.kind === 'queued' ? outcome.fileId : '' });
    }
    await rt.runner.idle();
    const files = createFilesRepo(rt.db);
    for (const { plan, id } of plans) {
      const f = await files.byId(id);
      expect(f?.status, plan.fileName).toBe('ready');
      expect(f).toMatchObject({
        title: plan.title,
        issuer: plan.issuer,
        publish_date: plan.publishDate,
        language: plan.language,
        asset_class: plan.assetClass,
        country: plan.country,
        page_count: plan.pageCount,
      });
      expect(JSON.parse(f?.authors ?? '[]')).toEqual(plan.authors);
      expect((await files.pages(f!.seq)).length).toBe(plan.pageCount);
    }
  });

  it('answers a duplicate for the same bytes, and rejects non-PDFs at once', async () => {
    const { plan, bytes } = await generateDemoReport(11, 0, '2026-11-21');
    expect((await rt.ingestor.ingest({ bytes, fileName: plan.fileName, source: 'import' })).kind).toBe(
      'duplicate',
    );
    const empty = await rt.ingestor.ingest({ bytes: new Uint8Array(), fileName: 'x.pdf', source: 'import' });
    expect(empty).toMatchObject({ kind: 'rejected', code: 'not_pdf', reason: 'The file is empty' });
    const html = await rt.ingestor.ingest({
      bytes: Buffer.from('<html>report</html>'),
      fileName: 'r.pdf',
      source: 'import',
    });
    expect(html).toMatchObject({ kind: 'rejected', code: 'not_pdf' });
    const huge = new Uint8Array(INGEST_MAX_BYTES + 1);
    huge.set(Buffer.from('%PDF-1.7\n'));
    expect(await rt.ingestor.ingest({ bytes: huge, fileName: 'big.pdf', source: 'import' })).toMatchObject({
      kind: 'rejected',
      code: 'too_large',
    });
  });
});

/**
 * Every real file of ../shared/corpus: ingested with sane metadata, or rejected with a reason. The
 * reading is the same on either database, so every file is stored once, on SQLite; PostgreSQL, which
 * refuses text holding NUL characters unless cleaned, stores the named filings again.
 */
const CORPUS_SETS = testDialect() === 'postgres' ? ['reports'] : ['reports', 'cjk', 'malformed'];
/** The filings checked by name below; on PostgreSQL only they are stored again (Costco's text holds NULs). */
const NAMED_FILINGS = [
  'fb_APPLE_2023Q3_10Q.pdf',
  'fb_BOEING_2022_10K.pdf',
  'fb_COSTCO_2023Q3_EARNINGS.pdf',
  'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf',
];

/** The directory a set is imported from: the set itself, or on PostgreSQL links to the named filings. */
function importedDir(set: string, dir: string): string {
  if (testDialect() !== 'postgres') return join(CORPUS, set);
  const links = join(dir, 'named-filings');
  mkdirSync(links);
  for (const name of NAMED_FILINGS) symlinkSync(join(CORPUS, set, name), join(links, name));
  return links;
}
describe.each(CORPUS_SETS)('the real corpus: %s', (set) => {
  let dir: string;
  let rt: Runtime;
  let rows: ImportRow[];
  let source: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `rl-corpus-${set}-`));
    // The product's default time limit: a shorter one turns a slow read on a loaded machine into a refusal.
    rt = await runtime(dir);
    source = importedDir(set, dir);
    rows = await importDirectory(rt, source);
    console.log(
      `${set}:\n` + rows.map((r) => `  ${r.outcome.padEnd(9)} ${r.file} — ${r.reason || r.title}`).join('\n'),
    );
  }, 600_000);
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives every file an outcome', () => {
    const pdfs = readdirSync(source).filter((n) => !n.startsWith('.'));
    expect(rows.map((r) => r.file).sort()).toEqual(pdfs.sort());
    for (const r of rows.filter((x) => x.outcome === 'rejected'))
      expect(r.reason.length, r.file).toBeGreaterThan(10);
  });

  it('leaves no file half-processed and no job open', async () => {
    const status = await createFilesRepo(rt.db).countByStatus();
    expect(status.processing).toBe(0);
  });

  it('gives ingested files sane metadata', async () => {
    const files = createFilesRepo(rt.db);
    for (const r of rows.filter((x) => x.outcome === 'ingested')) {
      const f = (await files.byId(r.fileId!))!;
      expect(f.title.trim().length, r.file).toBeGreaterThan(2);
      expect(f.page_count, r.file).toBeGreaterThan(0);
      expect(['en', 'zh'], r.file).toContain(f.language);
      expect(ASSET_CLASSES as readonly string[], r.file).toContain(f.asset_class);
      expect(COUNTRIES as readonly string[], r.file).toContain(f.country);
      if (f.publish_date) expect(f.publish_date <= '2026-11-21', r.file).toBe(true);
    }
  });

  if (set === 'reports') {
    it('ingests the real filings, owner-password-encrypted ones included, and reads Chinese ones as Chinese', () => {
      const ingested = rows.filter((r) => r.outcome === 'ingested').map((r) => r.file);
      for (const f of NAMED_FILINGS) expect(ingested).toContain(f);
      expect(ingested.length).toBeGreaterThanOrEqual(rows.length - 2);
    });

    it('stores the text without the NUL characters pdf.js reads from some fonts (PostgreSQL refuses them)', async () => {
      const costco = rows.find((r) => r.file === 'fb_COSTCO_2023Q3_EARNINGS.pdf');
      expect(costco?.outcome).toBe('ingested');
      const files = createFilesRepo(rt.db);
      const text = (await files.pages((await files.byId(costco!.fileId!))!.seq)).join('\n');
      expect(text).toContain('Costco');
      expect(text).not.toContain('\u0000');
    });
  }
  if (set === 'malformed') {
    it('rejects the non-PDFs, the password-protected and the hostile files with reasons', () => {
      const reason = (name: string) => rows.find((r) => r.file === name)?.reason ?? '';
      expect(reason('plumb_empty_zero_bytes.pdf')).toMatch(/empty/i);
      expect(reason('plumb_password-example.pdf')).toMatch(/password/i);
      expect(reason('qpdf_bad1.pdf')).toMatch(/not a PDF/i);
      expect(reason('mineru_scanned_cn_image_only.pdf')).toMatch(/no text layer/i);
      // Its broken trailer stopped pdf.js 4; pdf.js 5.6 recovers it, so it is read, not refused.
      expect(rows.find((r) => r.file === 'pdfjs_bug1978317.pdf')?.outcome).toBe('ingested');
      expect(readFileSync(join(CORPUS, 'malformed', 'plumb_empty_zero_bytes.pdf')).length).toBe(0);
    });
  }
});
