import { PLANS, type Plan, type UsageType } from '@rl/contract';
import { msg, type Message } from '../../messages/message.js';

/** The 403 plan_required message of a use the free plan does not include. */
export function notIncluded(type: UsageType | 'collections'): Message {
  if (type === 'download')
    return msg('wallNotIncludedDownloads', {
      daily: PLANS.paid_v0.daily_downloads,
      monthly: PLANS.paid_v0.limits.download.count,
    });
  if (type === 'collections') return msg('wallNotIncludedCollections');
  return msg('wallNotIncludedOther');
}

/** Features a plan offers or not, as `quota.requirePlan` checks them, with their refusal. */
export const PLAN_FEATURES = {
  collections: { offered: (plan: Plan) => plan.collections, refusal: notIncluded('collections') },
  downloads: {
    offered: (plan: Plan) => plan.limits.download.count !== 0,
    refusal: notIncluded('download'),
  },
  publishing: { offered: (plan: Plan) => plan.publishing, refusal: msg('wallNotIncludedPublishing') },
} satisfies Record<string, { offered(plan: Plan): boolean; refusal: Message }>;
export type PlanFeature = keyof typeof PLAN_FEATURES;
