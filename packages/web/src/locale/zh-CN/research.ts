import { RATING_ACTION_LABELS, RATING_STEP_LABELS, SECTORS } from '@rl/contract/research-vocabulary';

export const research = {
  ...Object.fromEntries(Object.entries(RATING_STEP_LABELS).map(([k, v]) => [`rating.${k}`, v.zh])),
  ...Object.fromEntries(Object.entries(RATING_ACTION_LABELS).map(([k, v]) => [`ratingAction.${k}`, v.zh])),
  ...Object.fromEntries(SECTORS.map((s) => [`sector.${s.id}`, s.zh])),
} as Record<`rating.${string}` | `ratingAction.${string}` | `sector.${string}`, string>;
