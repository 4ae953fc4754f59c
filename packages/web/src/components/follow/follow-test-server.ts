import type { Follow, FollowTarget } from '@rl/contract';
import { recordFetch, type RecordedCall } from '../../test/fetch-recorder';

export const TENCENT: Follow = {
  follow_id: 'follow_00000000001',
  kind: 'company',
  key: '0700.HK',
  label: 'Tencent',
  search: null,
  paused: false,
  created_time: '2026-11-20T08:00:00Z',
};

/** The key a follow of `target` is stored under, as the server keys it. */
function keyOf(target: FollowTarget): string {
  switch (target.kind) {
    case 'company':
      return target.ticker;
    case 'issuer':
      return target.issuer;
    case 'analyst':
      return target.analyst;
    case 'sector':
      return target.sector;
    case 'search':
      return target.search.keyword ?? '';
  }
}

/**
 * A server that keeps my follows: add and remove change what list answers; past `limit` (a
 * negative one: none) add answers the plan's follows wall.
 */
export function followServer(start: Follow[] = [], limit = 5) {
  let follows = [...start];
  return recordFetch({
    '/api/follow/list': () => ({ body: { follows, limit, used: follows.length } }),
    '/api/follow/add': (call: RecordedCall) => {
      if (limit >= 0 && follows.length >= limit)
        return {
          status: 403,
          body: {
            code: 'quota_exceeded',
            error_msg: `You follow ${limit} of ${limit}`,
            reason: 'follows',
            limit,
            used: follows.length,
          },
        };
      const target = (call.body as { target: FollowTarget }).target;
      const made: Follow = {
        ...TENCENT,
        follow_id: `follow_0000000000${follows.length + 2}`,
        kind: target.kind,
        key: keyOf(target),
        label: String(call.body?.label ?? keyOf(target)),
      };
      follows = [made, ...follows];
      return { body: { follow: made } };
    },
    '/api/follow/remove': (call: RecordedCall) => {
      follows = follows.filter((f) => f.follow_id !== call.body?.follow_id);
      return { body: { ok: true } };
    },
  });
}
