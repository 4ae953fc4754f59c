import type { InboxListResponse, InboxReason } from '@rl/contract';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import type { QuotaService } from '../quota/service.js';
import { presentLibraryItem } from '../stars/library-rows.js';
import type { InboxRepo } from './inbox-repo.js';
import type { FollowsRepo } from './repo.js';

/** My inbox: the new reports that matched what I follow, each once, saying why. */
export function createInboxService(deps: {
  inbox: InboxRepo;
  follows: Pick<FollowsRepo, 'list'>;
  quota: Pick<QuotaService, 'markLocked'>;
  clock: Clock;
}) {
  const { inbox, follows, quota, clock } = deps;
  return {
    async list(
      viewer: Viewer,
      req: { page_id: number; page_length: number; unread_only: boolean },
    ): Promise<InboxListResponse> {
      const user = requireUser(viewer);
      const [page, unread, mine] = await Promise.all([
        inbox.page(user.id, req.unread_only, pageWindow(req)),
        inbox.unread(user.id),
        follows.list(user.id),
      ]);
      const reasonOf = new Map<string, InboxReason>(
        mine.map((f) => [f.id, { follow_id: f.id, kind: f.kind, label: f.label }]),
      );
      const items = page.rows.map((r) => ({
        ...presentLibraryItem(r, user.id),
        // A follow removed since leaves no reason behind.
        reasons: (JSON.parse(r.follow_ids) as string[]).flatMap((id) => reasonOf.get(id) ?? []),
        arrived_time: r.arrived_at,
        read: r.read_at !== null,
      }));
      return {
        // Marked as search marks them: a report my plan does not open yet carries its lock.
        items: quota.markLocked(viewer, items),
        unread,
        ...pagingAnswer(req, page.total),
      };
    },

    async unread(viewer: Viewer): Promise<{ unread: number }> {
      return { unread: await inbox.unread(requireUser(viewer).id) };
    },

    async markRead(viewer: Viewer, req: { file_ids?: string[]; all?: boolean }): Promise<{ unread: number }> {
      const user = requireUser(viewer);
      await inbox.markRead(user.id, req.all ? 'all' : (req.file_ids ?? []), isoNow(clock));
      return { unread: await inbox.unread(user.id) };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
