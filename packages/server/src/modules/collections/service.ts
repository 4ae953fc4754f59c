import { randomBytes } from 'node:crypto';
import {
  COLLECTION_FILES_MAX,
  COLLECTIONS_MAX,
  ERROR_CODES,
  type Collection,
  type CollectionFilesResponse,
  type CollectionsOfFileResponse,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg, type Message } from '../../messages/message.js';
import type { Viewer } from '../access/viewer.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { FilesRepo } from '../files/repo.js';
import { readableFile } from '../files/access.js';
import { openableFile } from '../quota/openable-file.js';
import type { QuotaService } from '../quota/service.js';
import { presentLibraryItem } from '../stars/library-rows.js';
import { nameTaken, type CollectionRow, type CollectionsRepo } from './repo.js';

/** Random public ids, like file ids. */
export const newCollectionId = (): string => randomBytes(12).toString('base64url');

const present = (c: CollectionRow): Collection => ({
  id: c.id,
  name: c.name,
  file_count: Number(c.file_count),
  created_time: c.created_at,
  updated_time: c.updated_at,
});

/** Names compare case-insensitively, in any script (SQLite's NOCASE folds ASCII only). */
const fold = (name: string) => name.normalize('NFC').toLowerCase();

/** Bookmark folders of the paid plan. Every call answers only for the caller's own collections. */
export function createCollectionsService(deps: {
  repo: CollectionsRepo;
  files: Pick<FilesRepo, 'byId'>;
  quota: Pick<QuotaService, 'requirePlan' | 'assertMayOpen' | 'markLocked'>;
  clock: Clock;
}) {
  const { repo, files, quota, clock } = deps;

  async function mine(userId: string, id: string): Promise<CollectionRow> {
    const c = await repo.byId(userId, id);
    if (!c) throw new AppError(ERROR_CODES.notFound, msg('collectionNotFound'));
    return c;
  }

  async function assertNameFree(userId: string, name: string, exceptId?: string): Promise<void> {
    const taken = (await repo.list(userId)).some((c) => c.id !== exceptId && fold(c.name) === fold(name));
    if (taken) throw new AppError(ERROR_CODES.conflict, msg('collectionNameTaken'));
  }

  /** Runs a write; the UNIQUE index catches a race with another request. */
  async function uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (nameTaken(err)) throw new AppError(ERROR_CODES.conflict, msg('collectionNameTaken'));
      throw err;
    }
  }

  const tooMany = (message: Message) => new AppError(ERROR_CODES.limitReached, message);

  return {
    async list(viewer: Viewer): Promise<Collection[]> {
      const user = quota.requirePlan(viewer, 'collections');
      return (await repo.list(user.id)).map(present);
    },

    async create(viewer: Viewer, rawName: string): Promise<Collection> {
      const user = quota.requirePlan(viewer, 'collections');
      const name = rawName.normalize('NFC');
      await assertNameFree(user.id, name);
      const now = isoNow(clock);
      const id = newCollectionId();
      const row = { id, user_id: user.id, name, created_at: now, updated_at: now };
      if (!(await uniquely(() => repo.create(row, COLLECTIONS_MAX))))
        throw tooMany(msg('tooManyCollections', { max: COLLECTIONS_MAX }));
      return present(await mine(user.id, id));
    },

    async rename(viewer: Viewer, id: string, rawName: string): Promise<Collection> {
      const user = quota.requirePlan(viewer, 'collections');
      await mine(user.id, id);
      const name = rawName.normalize('NFC');
      await assertNameFree(user.id, name, id);
      await uniquely(() => repo.rename(user.id, id, name, isoNow(clock)));
      return present(await mine(user.id, id));
    },

    async delete(viewer: Viewer, id: string): Promise<void> {
      const user = quota.requirePlan(viewer, 'collections');
      await mine(user.id, id);
      await repo.delete(user.id, id);
    },

    /** Idempotent: adding a file twice keeps one entry. Only a file the plan lets the caller open. */
    async add(viewer: Viewer, id: string, fileId: string): Promise<Collection> {
      const user = quota.requirePlan(viewer, 'collections');
      await mine(user.id, id);
      const file = await openableFile({ files, quota }, fileId, viewer);
      const r = await repo.addFile(user.id, id, file.seq, isoNow(clock), COLLECTION_FILES_MAX);
      if (r === 'full') throw tooMany(msg('collectionFull', { max: COLLECTION_FILES_MAX }));
      return present(await mine(user.id, id));
    },

    /**
     * Idempotent: removing a file that is not there changes nothing. A file the plan no longer
     * opens can still be taken out (it was put in when it could be).
     */
    async remove(viewer: Viewer, id: string, fileId: string): Promise<Collection> {
      const user = quota.requirePlan(viewer, 'collections');
      await mine(user.id, id);
      const file = await readableFile(files, fileId, viewer);
      await repo.removeFile(id, file.seq, isoNow(clock));
      return present(await mine(user.id, id));
    },

    async files(
      viewer: Viewer,
      req: { collection_id: string; page_id: number; page_length: number },
    ): Promise<CollectionFilesResponse> {
      const user = quota.requirePlan(viewer, 'collections');
      const c = await mine(user.id, req.collection_id);
      const { rows, total } = await repo.files(user.id, c.id, pageWindow(req));
      const items = rows.map((r) => ({ ...presentLibraryItem(r, user.id), added_time: r.added_at }));
      return {
        collection: present(c),
        // Marked as search marks them: a report added when it was open may be locked now.
        file_list: quota.markLocked(viewer, items),
        ...pagingAnswer(req, total),
      };
    },

    async containing(viewer: Viewer, fileId: string): Promise<CollectionsOfFileResponse> {
      const user = quota.requirePlan(viewer, 'collections');
      const file = await openableFile({ files, quota }, fileId, viewer);
      return { collection_ids: await repo.containing(user.id, file.seq) };
    },
  };
}
export type CollectionsService = ReturnType<typeof createCollectionsService>;
