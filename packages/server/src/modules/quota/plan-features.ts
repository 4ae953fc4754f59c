import type { Plan } from '@rl/contract';

/** The 403 plan_required message of a use the free plan does not include (`uses`: plural). */
export const notIncluded = (uses: string): string =>
  `${uses.charAt(0).toUpperCase()}${uses.slice(1)} are not included in the free plan. Subscribe to the institutional plan to use them.`;

/** Features a plan offers or not, as `quota.requirePlan` checks them, with their refusal. */
export const PLAN_FEATURES = {
  collections: { offered: (plan: Plan) => plan.collections, refusal: notIncluded('collections') },
  downloads: {
    offered: (plan: Plan) => plan.limits.download.count !== 0,
    refusal: notIncluded('downloads'),
  },
  publishing: {
    offered: (plan: Plan) => plan.publishing,
    refusal: 'Publishing to the library is part of the institutional plan. Subscribe to share your uploads.',
  },
} satisfies Record<string, { offered(plan: Plan): boolean; refusal: string }>;
export type PlanFeature = keyof typeof PLAN_FEATURES;
