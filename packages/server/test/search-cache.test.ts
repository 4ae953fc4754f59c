import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequest } from '@rl/contract';
import { createSearchRepo, type SearchRepo } from '../src/modules/search/repo.js';
import { readGeneration } from '../src/modules/search/search-generation.js';
import { createSearchService } from '../src/modules/search/service.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { makePrivate, paidUser, trialUser } from './library-helpers.js';

/**
 * Library pages and counts are cached per process while the search generation stays: it must move
 * with every write to the index, and with nothing else (quotas, views and sessions are written all
 * the time; with them the caches would be emptied many times a second).
 */

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
  for (let i = 0; i < 3; i++) await buildFile(lib.db, { title: `Quince harvest ${i}` });
});
afterAll(() => lib.close());

const generation = () => readGeneration(lib.db);

describe('the search generation', () => {
  it('stays while users search, open reports and log in; moves with each index write', async () => {
    const before = await generation();
    const reader = await trialUser(lib);
    const who = { token: reader.token };
    const found = await call<{ file_list: { id: string }[] }>(
      lib.app,
      '/api/file/search',
      { keyword: 'quince' },
      who,
    );
    expect(found.status).toBe(200);
    expect(
      (await call(lib.app, '/api/file/file_detail', { file_id: found.body.file_list[0]!.id }, who)).status,
    ).toBe(200);
    expect(await generation()).toBe(before);

    const added = await buildFile(lib.db, { title: 'Quince harvest late' });
    const afterIndex = await generation();
    expect(afterIndex).not.toBe(before);
    await makePrivate(lib.db, added, reader.id);
    const afterUnindex = await generation();
    expect(afterUnindex).not.toBe(afterIndex);
    // Taking out a file that is in no index changes nothing.
    await createSearchRepo(lib.db).unindex(added.seq + 1000);
    expect(await generation()).toBe(afterUnindex);
  });
});

describe('cached library pages', () => {
  /** The service over the real repo, counting the searches that reach the database. */
  function countingService() {
    const repo = createSearchRepo(lib.db);
    let searches = 0;
    const counted: SearchRepo = {
      ...repo,
      search: (q) => {
        searches++;
        return repo.search(q);
      },
    };
    return { service: createSearchService(counted, { cachedPages: 10 }), searches: () => searches };
  }
  const request = (body: Record<string, unknown>) => SearchRequest.parse(body);

  it('answers the same page from memory until the index changes, then the new library', async () => {
    const s = countingService();
    const first = await s.service.search(request({ keyword: 'quince' }));
    const again = await s.service.search(request({ keyword: 'quince' }));
    expect(again).toEqual(first);
    expect(s.searches()).toBe(1);
    // Another page, another sorting: another entry.
    await s.service.search(request({ keyword: 'quince', sorting: 'date_desc' }));
    expect(s.searches()).toBe(2);

    const added = await buildFile(lib.db, { title: 'Quince harvest revised' });
    const after = await s.service.search(request({ keyword: 'quince' }));
    expect(s.searches()).toBe(3);
    expect(after.total_items).toBe(first.total_items + 1);
    expect(after.file_list.map((f) => f.id)).toContain(added.id);
  });

  it('reads the generation and a viewer’s private check in one statement, and nothing more for a kept page', async () => {
    const viewer = await trialUser(lib);
    const repo = createSearchRepo(lib.db);
    const reads = { generation: 0, viewerState: 0, searchesWithoutGeneration: 0 };
    const counted: SearchRepo = {
      ...repo,
      generation: () => (reads.generation++, repo.generation()),
      viewerState: (ownerId) => (reads.viewerState++, repo.viewerState(ownerId)),
      search: (q, known) => {
        if (known === undefined) reads.searchesWithoutGeneration++;
        return repo.search(q, known);
      },
    };
    const service = createSearchService(counted, { cachedPages: 10 });
    const first = await service.search(request({ keyword: 'quince' }), viewer.id);
    expect(await service.search(request({ keyword: 'quince' }), viewer.id)).toEqual(first);
    expect(reads).toEqual({ generation: 0, viewerState: 2, searchesWithoutGeneration: 0 });
    expect(await repo.viewerState(viewer.id)).toEqual({ generation: await generation(), hasPrivate: false });
  });

  it('never answers a viewer with private uploads from the shared pages', async () => {
    const owner = await paidUser(lib);
    const mine = await buildFile(lib.db, {
      title: 'Quince private notes',
      ownerId: owner.id,
      visibility: 'private',
    });
    const s = countingService();
    const shared = await s.service.search(request({ keyword: 'quince' }));
    const own = await s.service.search(request({ keyword: 'quince' }), owner.id);
    expect(shared.file_list.map((f) => f.id)).not.toContain(mine.id);
    expect(own.file_list[0]).toMatchObject({ id: mine.id, mine: true });
    expect(await createSearchRepo(lib.db).viewerState(owner.id)).toMatchObject({ hasPrivate: true });
  });
});
