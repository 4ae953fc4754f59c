import type { AllStarsResponse, StarResponse } from '@rl/contract';
import { requireUser, type Viewer } from '../access/viewer.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { FilesRepo } from '../files/repo.js';
import { readableFile } from '../files/access.js';
import { openableFile } from '../quota/openable-file.js';
import type { QuotaService } from '../quota/service.js';
import { presentLibraryItem } from './library-rows.js';
import type { StarFilter, StarsRepo } from './repo.js';

/** Starring files and the list of my starred files. Only files I can see can be starred or listed. */
export function createStarsService(deps: {
  repo: StarsRepo;
  files: Pick<FilesRepo, 'byId'>;
  quota: Pick<QuotaService, 'assertMayOpen' | 'markLocked'>;
  clock: Clock;
}) {
  const { repo, files, quota, clock } = deps;
  return {
    /**
     * Idempotent: starring twice leaves one star, unstarring an unstarred file changes nothing.
     * Starring needs a file the plan lets the caller open; unstarring only one they can see, so
     * a star from when the report was open can still be removed.
     */
    async star(viewer: Viewer, fileId: string, active: boolean): Promise<StarResponse> {
      const user = requireUser(viewer);
      if (active) {
        const row = await openableFile({ files, quota }, fileId, viewer);
        await repo.add(user.id, row.seq, isoNow(clock));
        return { file_id: row.id, starred: true };
      }
      const row = await readableFile(files, fileId, viewer);
      await repo.remove(user.id, row.seq);
      return { file_id: row.id, starred: false };
    },

    async list(
      viewer: Viewer,
      req: StarFilter & { page_id: number; page_length: number },
    ): Promise<AllStarsResponse> {
      const user = requireUser(viewer);
      const filter: StarFilter = {
        issuer: req.issuer || undefined,
        from_date: req.from_date,
        to_date: req.to_date,
      };
      const [page, issuers] = await Promise.all([
        repo.page(user.id, filter, pageWindow(req)),
        repo.issuers(user.id),
      ]);
      const items = page.rows.map((r) => ({ ...presentLibraryItem(r, user.id), starred_time: r.starred_at }));
      return {
        // Marked as search marks them: a star from when the report was open may be locked now.
        file_list: quota.markLocked(viewer, items),
        issuers,
        ...pagingAnswer(req, page.total),
      };
    },
  };
}
export type StarsService = ReturnType<typeof createStarsService>;
