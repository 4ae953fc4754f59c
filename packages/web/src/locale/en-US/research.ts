import { RATING_ACTION_LABELS, RATING_STEP_LABELS, SECTORS } from '@rl/contract/research-vocabulary';

/** Labels of the research vocabularies (rating steps, rating actions, sectors), from the contract. */
export const research = {
  ...Object.fromEntries(Object.entries(RATING_STEP_LABELS).map(([k, v]) => [`rating.${k}`, v.en])),
  ...Object.fromEntries(Object.entries(RATING_ACTION_LABELS).map(([k, v]) => [`ratingAction.${k}`, v.en])),
  ...Object.fromEntries(SECTORS.map((s) => [`sector.${s.id}`, s.en])),
} as Record<`rating.${string}` | `ratingAction.${string}` | `sector.${string}`, string>;
