import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database.js';
import { CORPUS_DIR } from './pdf/test-corpus.js';
import { exited, runCli } from './process.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * `npm run import -- DIR` prints, per report and once its ingestion has finished, what was read:
 * title, broker, date, analysts (with registration numbers), type, language, asset class, country,
 * tags and the stocks covered, each fact with the page and line it was printed on. Two real notes of the research corpus, the real CLI.
 */
const NOTES = ['cn_htsc_ffscore_quant.pdf', 'en_hsbc_tsmc_company.pdf'];

describe('the import prints what it read of each report', () => {
  let dir: string;
  let database: TestDatabase;
  let db: Db;
  let output = '';
  let code: number | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rl-import-out-'));
    mkdirSync(join(dir, 'data'));
    mkdirSync(join(dir, 'in'));
    // Linked by path: the corpus is never copied.
    for (const name of NOTES) symlinkSync(join(CORPUS_DIR, 'research', name), join(dir, 'in', name));
    database = await createTestDatabase(join(dir, 'data'));
    const cli = runCli(['import', join(dir, 'in')], {
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      PDF_WORKERS: '1',
    });
    code = await exited(cli);
    output = cli.output();
    db = openDatabase(database.settings);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints one block per report with every field as stored', async () => {
    expect(code, output).toBe(0);
    const blocks = output.split(/\n(?=\[\d+\/\d+\] )/).filter((b) => b.startsWith('['));
    expect(blocks, output).toHaveLength(NOTES.length);
    for (const [i, name] of NOTES.entries()) {
      const block = blocks[i]!;
      const f = await db
        .selectFrom('files')
        .selectAll()
        .where('file_name', '=', name)
        .executeTakeFirstOrThrow();
      expect(f.status).toBe('ready');
      expect(block.split('\n')[0]).toBe(
        `[${i + 1}/${NOTES.length}] ${name} — ingested, ${f.page_count} pages`,
      );
      const field = (label: string) =>
        block
          .split('\n')
          .find((l) => l.trimStart().startsWith(`${label} `) || l.trim() === label)
          ?.trim()
          .slice(label.length)
          .trim();
      expect(field('title')).toBe(f.title);
      expect(field('broker')).toBe(f.issuer || '—');
      expect(field('date')).toBe(f.publish_date ?? '—');
      expect(field('type')).toBe(f.report_type);
      expect(field('language')).toBe(f.language);
      expect(field('asset class')).toBe(f.asset_class ?? '—');
      expect(field('country')).toBe(f.country ?? '—');
      expect(field('tags')).toBe((JSON.parse(f.tags) as string[]).join(', ') || '—');
      const numbers = JSON.parse(f.author_registrations) as Record<string, string>;
      const analysts = (JSON.parse(f.authors) as string[]).map((a) =>
        numbers[a] ? `${a} (${numbers[a]})` : a,
      );
      expect(field('analysts')).toBe(analysts.join(', ') || '—');
      const stocks = JSON.parse(f.stock_information) as unknown[];
      expect(block.split('\n').filter((l) => l.trimStart().startsWith('stock ')).length).toBe(stocks.length);
    }
    // The Chinese note names its analysts with their registration numbers (执业证书编号).
    expect(blocks[0]).toMatch(/analysts\s+\S+ \(S\d{13}\)/);
    // Under a fact, where it was printed: HSBC's rating and target on page 1 of the note.
    expect(blocks[1]).toMatch(/↳ rating p\. 1: .*Buy/i);
    expect(blocks[1]).toMatch(/↳ target p\. 1: .*3,?350/);
    for (const [i, name] of NOTES.entries()) {
      const f = await db
        .selectFrom('files')
        .select('seq')
        .where('file_name', '=', name)
        .executeTakeFirstOrThrow();
      const pages = await db
        .selectFrom('file_pages')
        .select(['page_no', 'text'])
        .where('file_seq', '=', f.seq)
        .execute();
      for (const m of blocks[i]!.matchAll(/↳ (?:[a-z ]+ )?p\. (\d+): (.+?)(?: \(unsure\))?$/gm)) {
        const page = pages.find((p) => p.page_no === Number(m[1]))?.text ?? '';
        expect(page.replace(/\s+/g, ''), m[0]).toContain(m[2]!.replace(/…$/, '').replace(/\s+/g, ''));
      }
    }
    expect(output).toContain('2 ingested, 0 duplicates, 0 rejected');
  });
});
