import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  FOLLOWS_MAX,
  SavedSearch,
  UNLIMITED,
  type Follow,
  type FollowAddRequest,
  type FollowListResponse,
  type FollowUpdateRequest,
  type IssuerStarResponse,
  type IssuerStarsResponse,
  type Plan,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import type { IssuerStarsRepo } from '../issuers/star-repo.js';
import type { QuotaService } from '../quota/service.js';
import { followSpec, searchAnchors } from './follow-targets.js';
import type { FollowRow, FollowsRepo } from './repo.js';

export const newFollowId = (): string => randomBytes(12).toString('base64url');

export function presentFollow(r: FollowRow): Follow {
  return {
    follow_id: r.id,
    kind: r.kind,
    key: r.key,
    label: r.label,
    search: r.search ? SavedSearch.parse(JSON.parse(r.search)) : null,
    paused: Boolean(r.paused),
    created_time: r.created_at,
  };
}

/** How many follows a plan keeps: its own limit, or the bound of every list. */
const followLimit = (plan: Plan): number => (plan.follows === UNLIMITED ? FOLLOWS_MAX : plan.follows);

/** 403 quota_exceeded with the follows wall: the plan's limit (or the list's bound) is reached. */
function followsFull(plan: Plan, used: number): AppError {
  const limit = followLimit(plan);
  const message =
    plan.follows === UNLIMITED ? msg('wallFollowsMax', { limit }) : msg('wallFollowsFree', { limit });
  return new AppError(ERROR_CODES.quotaExceeded, message, { reason: 'follows', limit, used });
}

/** What a user follows: add (within the plan's limit), list, rename, pause and remove. Own follows only. */
export function createFollowsService(deps: {
  repo: FollowsRepo;
  issuerStars: IssuerStarsRepo;
  quota: Pick<QuotaService, 'planOf'>;
  clock: Clock;
}) {
  const { repo, issuerStars, quota, clock } = deps;
  const add = async (viewer: Viewer, req: FollowAddRequest): Promise<{ follow: Follow }> => {
    const user = requireUser(viewer);
    const plan = quota.planOf(viewer);
    const spec = followSpec(req.target, req.label);
    const anchors = spec.search ? searchAnchors(spec.search) : [];
    const r = await repo.add(user.id, newFollowId(), spec, anchors, isoNow(clock), followLimit(plan));
    // The count the refusal was decided on is the one the wall shows.
    if (r.outcome === 'full') throw followsFull(plan, r.used);
    return { follow: presentFollow(r.row) };
  };
  return {
    add,

    /**
     * The issuer lists' star (`/api/file/issuer_star`, kept for its callers): starring an issuer
     * follows it, within the plan's limit and with its wall; unstarring stops following it.
     */
    async starIssuer(viewer: Viewer, issuer: string, active: boolean): Promise<IssuerStarResponse> {
      const user = requireUser(viewer);
      if (active) await add(viewer, { target: { kind: 'issuer', issuer } });
      else {
        const spec = followSpec({ kind: 'issuer', issuer });
        await repo.remove(user.id, { kind: spec.kind, key: spec.key });
      }
      return { issuer, starred: active };
    },

    /** My followed issuers with the files I can read of each (`/api/file/get_issuer_stars`). */
    async starredIssuers(viewer: Viewer): Promise<IssuerStarsResponse> {
      const user = requireUser(viewer);
      return { issuers: await issuerStars.list(user.id) };
    },

    async list(viewer: Viewer): Promise<FollowListResponse> {
      const user = requireUser(viewer);
      const plan = quota.planOf(viewer);
      const rows = await repo.list(user.id);
      return { follows: rows.map(presentFollow), limit: plan.follows, used: rows.length };
    },

    async update(viewer: Viewer, req: FollowUpdateRequest): Promise<{ follow: Follow }> {
      const user = requireUser(viewer);
      // An issuer followed is listed, counted and filtered by its name (the issuer lists): a new
      // name would find none of its reports.
      if (req.label !== undefined && (await repo.byId(user.id, req.follow_id))?.kind === 'issuer') {
        throw new AppError(ERROR_CODES.validation, msg('issuerFollowKeepsName'), { field: 'label' });
      }
      const row = await repo.update(user.id, req.follow_id, {
        ...(req.label !== undefined && { label: req.label }),
        ...(req.paused !== undefined && { paused: req.paused }),
      });
      if (!row) throw new AppError(ERROR_CODES.notFound, msg('followNotFound'));
      return { follow: presentFollow(row) };
    },

    async remove(viewer: Viewer, followId: string): Promise<{ ok: true }> {
      const user = requireUser(viewer);
      await repo.remove(user.id, { id: followId });
      return { ok: true };
    },
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
