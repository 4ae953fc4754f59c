import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GlossaryDeleteResponse,
  GlossaryImportResponse,
  GlossaryListResponse,
  GlossaryTermResponse,
  SearchResponse,
} from '@rl/contract';
import { loadBuiltinGlossary } from '../src/modules/glossary/builtin-glossary.js';
import { GLOSSARY_RECHECK_MS } from '../src/modules/glossary/store.js';
import { adminSession, auditOf, expectGuarded, manageCall, type TestAdmin } from './admin-helpers.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, post, type TestLibrary } from './harness.js';
import { trialUser } from './library-helpers.js';
import { waitFor } from './process.js';
import { openSecondInstance } from './second-instance.js';

/*
 * The console's glossary, through the real API on either database: list, add, edit, delete,
 * restore, import and export, each checked and audited; and a change reaches search on this
 * instance at once and on another instance within seconds, without a restart.
 */

let lib: TestLibrary;
let admin: TestAdmin;
const BUILTIN = loadBuiltinGlossary();

const glossary = <T = Record<string, unknown>>(path: string, body: unknown, token = admin.token) =>
  manageCall<T>(lib, `glossary/${path}`, body, token);
const list = (body: Record<string, unknown> = {}) => glossary<GlossaryListResponse>('list', body);
const save = (body: Record<string, unknown>) => glossary<GlossaryTermResponse>('save', body);
const search = (keyword: string, app = lib.app) =>
  post<SearchResponse>(app, '/api/file/search', { keyword, page_id: 1 });
const titles = async (keyword: string, app = lib.app) =>
  (await search(keyword, app)).body.file_list.map((f) => f.title);
const changeRows = () => lib.db.selectFrom('glossary_terms').selectAll().orderBy('id').execute();
const auditCount = async () => (await lib.db.selectFrom('admin_audit').select('id').execute()).length;
const exportCsv = async () => {
  const res = await lib.app.inject({
    method: 'POST',
    url: '/api/manage/glossary/export',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: {},
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), text: res.body };
};

const DREDGING_EN = 'Harbor dredging contracts double';
const DREDGING_ZH = '港口疏浚订单翻倍';

beforeAll(async () => {
  lib = await openTestLibrary();
  admin = await adminSession(lib);
  await buildFile(lib.db, {
    title: DREDGING_EN,
    language: 'en',
    pages: ['Harbor dredging orders doubled this year.'],
  });
  await buildFile(lib.db, { title: DREDGING_ZH, language: 'zh', pages: ['港口疏浚订单今年翻倍。'] });
});
afterAll(() => lib.close());

describe('the console glossary', () => {
  it('is for administrators only', async () => {
    const user = await trialUser(lib);
    await expectGuarded(lib, user.token, [
      ['glossary/list', {}],
      ['glossary/save', { zh: ['港口疏浚'], en: ['harbor dredging'], domain: 'sectors' }],
      ['glossary/delete', { id: 'b:股票市场' }],
      ['glossary/restore', { id: 'b:股票市场' }],
      ['glossary/import', { csv: 'zh,en,domain\n港口疏浚,harbor dredging,sectors\n' }],
      ['glossary/export', {}],
    ]);
    expect(await changeRows()).toEqual([]);
  });

  it('lists the built-in terms, searched in any form and script, by domain and origin, paged', async () => {
    const all = await list({ page_length: 10 });
    expect(all.status).toBe(200);
    expect(all.body.total_items).toBe(BUILTIN.length);
    expect(all.body.active_terms).toBe(BUILTIN.length);
    expect(all.body.items).toHaveLength(10);
    expect(all.body.items[0]).toMatchObject({
      id: `b:${BUILTIN[0]!.zh[0]}`,
      origin: 'builtin',
      updated_by: null,
    });

    const swap = await list({ keyword: 'Interest Rate Swap' });
    expect(swap.body.items.map((t) => t.zh[0])).toContain('利率互换');
    // A traditional keyword finds the simplified form.
    const bonds = await list({ keyword: '利率債' });
    expect(bonds.body.items.map((t) => t.zh[0])).toContain('利率债');
    const ratings = await list({ domain: 'ratings', page_length: 200 });
    expect(ratings.body.items.every((t) => t.domain === 'ratings')).toBe(true);
    expect(ratings.body.total_items).toBe(BUILTIN.filter((e) => e.domain === 'ratings').length);
    expect((await list({ origin: 'added' })).body.total_items).toBe(0);

    const second = await list({ page_id: 2, page_length: 10 });
    expect(second.body.items[0]!.zh).toEqual(BUILTIN[10]!.zh);
  });

  it('refuses a bad term with the catalogue error, changing nothing', async () => {
    const audits = await auditCount();
    const bad: [Record<string, unknown>, number, string][] = [
      [{ zh: [], en: ['harbor dredging'], domain: 'sectors' }, 400, 'zh'],
      [{ zh: ['harbor'], en: ['harbor dredging'], domain: 'sectors' }, 400, 'zh'],
      [{ zh: ['港口疏浚'], en: ['港口'], domain: 'sectors' }, 400, 'en'],
      [{ zh: ['港口疏浚', '港口疏浚'], en: ['harbor dredging'], domain: 'sectors' }, 400, 'zh'],
      [{ zh: ['港口|疏浚'], en: ['harbor dredging'], domain: 'sectors' }, 400, 'zh'],
      [{ zh: ['港口疏浚'], en: ['harbor dredging'], domain: 'shipping' }, 400, 'domain'],
      [{ zh: ['港口疏浚'], en: ['x'.repeat(81)], domain: 'sectors' }, 400, 'en'],
    ];
    for (const [body, status, field] of bad) {
      const r = await save(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body, JSON.stringify(body)).toMatchObject({ code: 'validation' });
      expect((r.body as { field?: string }).field, JSON.stringify(body)).toMatch(new RegExp(`^${field}\\b`));
    }
    const unknown = await save({
      id: 'g_nothing',
      zh: ['港口疏浚'],
      en: ['harbor dredging'],
      domain: 'sectors',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error_msg: 'Glossary term not found', code: 'not_found' });
    // A Chinese form (in either script) already owned by another term.
    const clash = await save({ zh: ['港口疏浚', '利率債'], en: ['harbor dredging'], domain: 'sectors' });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      error_msg: 'The Chinese form “利率債” already belongs to the term “利率债”',
      code: 'conflict',
      field: 'zh',
    });
    const chinese = await manageCall(
      lib,
      'glossary/save',
      { zh: [''], en: ['x'], domain: 'sectors' },
      admin.token,
    );
    expect(chinese.status).toBe(400);
    expect(await changeRows()).toEqual([]);
    expect(await auditCount()).toBe(audits);
  });

  it('adds a term: search finds the other language at once, and another instance within seconds', async () => {
    const second = await openSecondInstance(lib);
    try {
      expect(await titles('港口疏浚')).toEqual([DREDGING_ZH]);
      expect(await titles('港口疏浚', second.app)).toEqual([DREDGING_ZH]);

      const added = await save({
        zh: ['港口疏浚'],
        en: ['harbor dredging', 'harbour dredging'],
        domain: 'sectors',
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.term).toMatchObject({
        zh: ['港口疏浚'],
        en: ['harbor dredging', 'harbour dredging'],
        origin: 'added',
        updated_by: admin.username,
      });
      expect(added.body.term.id).toMatch(/^g_/);
      const [audit] = await auditOf(lib, added.body.term.id);
      expect(audit).toMatchObject({
        action: 'glossary.add',
        target_type: 'glossary',
        before: null,
        after: { zh: '港口疏浚', en: 'harbor dredging | harbour dredging', domain: 'sectors' },
      });

      const here = await search('港口疏浚');
      expect(here.body.file_list.map((f) => f.title)).toEqual([DREDGING_ZH, DREDGING_EN]);
      expect(here.body.also_searched).toEqual([
        { language: 'en', terms: ['harbor dredging', 'harbour dredging'] },
      ]);
      expect(await titles('harbor dredging')).toEqual([DREDGING_EN, DREDGING_ZH]);
      // The other instance rereads the glossary at its next check, without a restart.
      await waitFor(
        'the other instance to search the new term',
        async () => ((await titles('港口疏浚', second.app)).length === 2 ? true : undefined),
        GLOSSARY_RECHECK_MS * 5,
      );
    } finally {
      await second.close();
    }
  });

  it('edits a built-in term, restores it, and removes it; each audited', async () => {
    const id = 'b:利率互换';
    const before = (await list({ keyword: '利率互换' })).body.items.find((t) => t.id === id)!;
    expect(before.origin).toBe('builtin');

    const edited = await save({
      id,
      zh: ['利率互换', '利率掉期'],
      en: ['interest rate swap', 'IRS'],
      domain: 'rates',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.term).toMatchObject({ id, origin: 'edited', zh: ['利率互换', '利率掉期'] });
    expect((await list({ origin: 'edited' })).body.items.map((t) => t.id)).toEqual([id]);

    const restored = await glossary<GlossaryTermResponse>('restore', { id });
    expect(restored.body.term).toMatchObject({ id, origin: 'builtin', zh: before.zh, en: before.en });

    const removed = await glossary<GlossaryDeleteResponse>('delete', { id });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ deleted: true, term: { id, origin: 'removed' } });
    expect((await list()).body.active_terms).toBe(BUILTIN.length);
    expect((await list({ origin: 'removed' })).body.items.map((t) => t.id)).toEqual([id]);
    // A removed term's forms are free for another term.
    const reuse = await save({ zh: ['利率互换'], en: ['rate swap'], domain: 'rates' });
    expect(reuse.status).toBe(200);
    // ...and then the built-in one cannot come back over it.
    const blocked = await glossary('restore', { id });
    expect(blocked.status).toBe(409);
    await glossary('delete', { id: reuse.body.term.id });
    expect((await glossary<GlossaryTermResponse>('restore', { id })).body.term.origin).toBe('builtin');

    expect((await auditOf(lib, id)).map((a) => a.action)).toEqual([
      'glossary.edit',
      'glossary.restore',
      'glossary.delete',
      'glossary.restore',
    ]);
    const added = await glossary('restore', { id: reuse.body.term.id });
    expect(added.status).toBe(404);
  });

  it('deleting a term added here takes it out of search', async () => {
    const found = (await list({ keyword: '港口疏浚' })).body.items[0]!;
    const deleted = await glossary<GlossaryDeleteResponse>('delete', { id: found.id });
    expect(deleted.body).toEqual({ deleted: true, term: null });
    expect(await titles('港口疏浚')).toEqual([DREDGING_ZH]);
    expect((await glossary('restore', { id: found.id })).status).toBe(404);
  });

  it('imports a CSV in one go or not at all, and exports what imports back unchanged', async () => {
    const rowsBefore = await changeRows();
    const bad = [
      'zh,en,domain',
      '港口疏浚,harbor dredging,sectors',
      '航运指数,shipping index,nowhere',
      '"未闭合,x,sectors',
    ].join('\n');
    const refused = await glossary<{
      code: string;
      field: string;
      problems: { line: number; problem: string }[];
    }>('import', { csv: bad });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation', field: 'csv', problems: [{ line: 4 }] });
    const lines = await glossary<{ problems: { line: number; problem: string }[] }>('import', {
      csv: 'zh,en,domain\n港口疏浚,harbor dredging,sectors\n航运指数,shipping index,nowhere\n港口疏浚,dredging,sectors\n疏浚,港口,sectors\n',
    });
    expect(lines.body.problems).toEqual([
      { line: 3, problem: 'domain: not a glossary domain' },
      { line: 5, problem: 'en: each English form holds Latin letters and no Chinese characters' },
    ]);
    const twice = await glossary<{ problems: unknown[] }>('import', {
      csv: 'zh,en,domain\n港口疏浚,harbor dredging,sectors\n港口疏浚|疏浚,dredging,sectors\n',
    });
    expect(twice.body.problems).toEqual([
      { line: 3, problem: 'the Chinese form “港口疏浚” is also on line 2' },
    ]);
    expect((await glossary('import', { csv: 'zh;en;domain\n' })).body).toMatchObject({
      problems: [{ line: 1, problem: 'the first line must be the header zh,en,domain' }],
    });
    expect(await changeRows()).toEqual(rowsBefore);

    const ok = await glossary<GlossaryImportResponse>('import', {
      csv: [
        '\uFEFFzh,en,domain',
        '港口疏浚,harbor dredging|harbour dredging,sectors',
        `${BUILTIN[0]!.zh.join('|')},${BUILTIN[0]!.en.join('|')},${BUILTIN[0]!.domain}`,
        `${BUILTIN[1]!.zh.join('|')},"${[...BUILTIN[1]!.en, 'onshore equities'].join('|')}",${BUILTIN[1]!.domain}`,
      ].join('\r\n'),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ added: 1, updated: 1, unchanged: 1 });
    expect(await titles('港口疏浚')).toEqual([DREDGING_ZH, DREDGING_EN]);
    expect((await auditOf(lib, 'csv')).at(-1)).toMatchObject({
      action: 'glossary.import',
      after: { added: 1, updated: 1, unchanged: 1 },
    });

    const exported = await exportCsv();
    expect(exported.status).toBe(200);
    expect(exported.type).toContain('text/csv');
    expect(exported.text.startsWith('zh,en,domain\r\n')).toBe(true);
    expect(exported.text).toContain('港口疏浚,harbor dredging|harbour dredging,sectors\r\n');
    const again = await glossary<GlossaryImportResponse>('import', { csv: exported.text });
    expect(again.body).toEqual({ added: 0, updated: 0, unchanged: (await list()).body.active_terms });
  });

  it('exports no cell a spreadsheet would run as a formula, and imports the export back unchanged', async () => {
    const terms = [
      { zh: ['=港口'], en: ['+dredging'], domain: 'sectors' },
      { zh: ['-航运'], en: ['@shipping', '=HYPERLINK(A1)'], domain: 'sectors' },
    ];
    for (const term of terms) expect((await save(term)).status).toBe(200);
    const exported = await exportCsv();
    expect(exported.text).toContain("'=港口,'+dredging,sectors\r\n");
    expect(exported.text).toContain("'-航运,'@shipping|=HYPERLINK(A1),sectors\r\n");
    for (const line of exported.text.split('\r\n'))
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
    const again = await glossary<GlossaryImportResponse>('import', { csv: exported.text });
    expect(again.body).toEqual({ added: 0, updated: 0, unchanged: (await list()).body.active_terms });
    const forms = (await list({ keyword: '港口', page_length: 50 })).body;
    expect(JSON.stringify(forms)).toContain('"=港口"');
  });

  it('names the problems of a refused import in the reader’s language', async () => {
    const r = await call<{ problems: { problem: string }[] }>(
      lib.app,
      '/api/manage/glossary/import',
      { csv: 'zh,en,domain\n疏浚,dredging,nowhere\n' },
      { token: admin.token, headers: { 'x-language': 'zh' } },
    );
    expect(r.status).toBe(400);
    expect(r.body.problems[0]!.problem).toBe('domain：不是术语表的领域');
  });
});
