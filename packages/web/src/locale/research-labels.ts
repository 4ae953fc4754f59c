import type { RatingAction, RatingStep, SectorId } from '@rl/contract/research-vocabulary';
import type { TFunction } from 'i18next';
import type { MessageKey } from './en-US';

// The vocabularies' labels are keyed by value (locale/*/research.ts), so their keys are built here.
export const ratingLabel = (t: TFunction, step: RatingStep) => t(`rating.${step}` as MessageKey);
export const actionLabel = (t: TFunction, action: RatingAction) => t(`ratingAction.${action}` as MessageKey);
export const sectorLabel = (t: TFunction, sector: SectorId) => t(`sector.${sector}` as MessageKey);
