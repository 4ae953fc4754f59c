import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PLANS, type MyFilesResponse } from '@rl/contract';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { buildFile } from './factories.js';
import { trialUser } from './library-helpers.js';
import { baseUrl, fetchUpload, myFiles } from './upload-helpers.js';

/**
 * A free user whose storage is nearly full uploads PDFs of a few kilobytes that each yield megabytes
 * of text, all at once:
 * every upload passes the plan's check by its PDF's bytes, and the text each yields is admitted
 * against the storage left only when it is stored, under the owner's lock. Usage never passes the
 * plan; the uploads whose text does not fit fail with the reason. Real PDFs made here with pdf-lib,
 * uploaded over real HTTP, read by the job runner's PDF children, on the test's database.
 */

const FREE = PLANS.trial;
const MB = 1024 * 1024;
/** What the user stored before: the room left is a few of the uploads' texts, not all six. */
const EARLIER_BYTES = FREE.storage_bytes - 8 * MB;
const PAGES = 30;
const LINES = 200;
const LINE_CHARS = 300;

/**
 * `PAGES` pages that each draw one form of LINES × LINE_CHARS characters (a page well under the
 * per-page bound): about 1.8 MB of stored text from a PDF of a few kilobytes. `salt` makes each
 * file's content its own.
 */
async function textHeavyPdf(salt: number): Promise<Uint8Array> {
  const source = await PDFDocument.create();
  const font = await source.embedFont(StandardFonts.Courier);
  const page = source.addPage([400, 500]);
  const line = `${salt} `.concat('ledger entry '.repeat(30)).slice(0, LINE_CHARS);
  for (let i = 0; i < LINES; i++) page.drawText(line, { x: 4, y: 496 - i * 2.4, size: 2, font });
  const doc = await PDFDocument.create();
  const form = await doc.embedPage(page);
  for (let i = 0; i < PAGES; i++) doc.addPage([400, 500]).drawPage(form, { x: 0, y: 0 });
  return doc.save();
}

let lib: TestLibrary;
beforeAll(async () => {
  // The bound per account of one-request uploads under way is another defence (test/slow-uploads):
  // raised here so all six arrive at once, as from as many processes.
  lib = await openTestLibrary(
    { PDF_TIMEOUT_MS: '120000', UPLOADS_AT_ONCE_PER_USER: '6', UPLOADS_AT_ONCE_PER_ADDRESS: '6' },
    { jobs: true },
  );
});
afterAll(() => lib.close());

describe('text bombs uploaded at once', () => {
  it('never take a free user past the storage of their plan', { timeout: 600_000 }, async () => {
    const me = await trialUser(lib);
    const earlier = await buildFile(lib.db, { ownerId: me.id, sizeBytes: EARLIER_BYTES });
    const pdfs = await Promise.all([1, 2, 3, 4, 5, 6].map(textHeavyPdf));
    for (const pdf of pdfs) expect(pdf.length).toBeLessThan(FREE.upload_max_bytes);
    // Six at once, each far under the room its PDF bytes ask for.
    const base = await baseUrl(lib);
    const answers = await Promise.all(
      pdfs.map((pdf, i) => fetchUpload(base, me.token, pdf, `ledger-${i}.pdf`)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await lib.runner!.idle();

    const held = await lib.db
      .selectFrom('files')
      .select(['seq', 'status', 'text_bytes', 'size_bytes', 'fail_reason'])
      .where('owner_id', '=', me.id)
      .execute();
    const usage = (await myFiles(lib, me.token)).body.usage;
    expect(usage.bytes).toBe(held.reduce((sum, r) => sum + r.size_bytes + r.text_bytes, 0));
    const rows = held.filter((r) => r.seq !== earlier.seq);
    expect(usage.bytes, `usage ${usage.bytes} of ${FREE.storage_bytes}`).toBeLessThanOrEqual(
      FREE.storage_bytes,
    );
    const ready = rows.filter((r) => r.status === 'ready');
    const failed = rows.filter((r) => r.status === 'failed');
    // Each yields some 1.8 MB: more than the 8 MB left in all, so some had to be refused.
    expect(ready[0]!.text_bytes).toBeGreaterThan(PAGES * LINES * LINE_CHARS);
    expect(ready.length + failed.length).toBe(6);
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) {
      expect(f.fail_reason).toMatch(
        /^The text of the PDF \(\d+\.\d MB\) does not fit in the storage left on your plan \(\d+\.\d MB\)$/,
      );
      expect(f.text_bytes).toBe(0);
    }
    const pagesStored = await lib.db
      .selectFrom('file_pages')
      .innerJoin('files', 'files.seq', 'file_pages.file_seq')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('files.owner_id', '=', me.id)
      .where('files.status', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(Number(pagesStored.n)).toBe(0);

    // The owner reads why, in their language.
    const inChinese = await call<MyFilesResponse>(
      lib.app,
      '/api/file/myfiles',
      {},
      {
        token: me.token,
        headers: { 'x-language': 'zh' },
      },
    );
    const zh = inChinese.body.file_list.find((f) => f.status === 'failed');
    expect(zh?.fail_reason).toMatch(/^该 PDF 的文字（\d+\.\d MB）超出您套餐剩余的存储空间（\d+\.\d MB）$/);
  });
});
