import { isPaidLevel, PLANS, PLAN_FEATURES, UNLIMITED, type PlanId } from '@rl/contract/constants';
import type { TFunction } from 'i18next';

interface Formatters {
  number(value: number): string;
  size(bytes: number): string;
}

/** A line of a plan card: what it says, and whether the plan has it (a lack is crossed, not ticked). */
export interface PlanFeatureLine {
  text: string;
  included: boolean;
}

/** Features a plan card names because the plan lacks them. */
const LACKS = new Set(['noDownloads']);

/** The feature lines of a plan card, with the numbers of the contract's plan table. */
export function planFeatureLines(planId: PlanId, t: TFunction, format: Formatters): PlanFeatureLine[] {
  const plan = PLANS[planId];
  const { limits } = plan;
  const paid = isPaidLevel(planId);
  const counted = (key: 'reports' | 'searches' | 'conversations' | 'summaries', count: number) =>
    count === UNLIMITED
      ? t(`plan.feature.${key}.unlimited`)
      : t(`plan.feature.${key}`, { count: format.number(count) });
  const line = (feature: string): string => {
    switch (feature) {
      case 'reports':
        return counted('reports', limits.report.count);
      case 'searches':
        return counted('searches', limits.search.count);
      case 'conversations':
        return counted('conversations', limits.chat.count);
      case 'summaries':
        return counted('summaries', limits.abstract.count);
      case 'translations':
        return !paid
          ? t('plan.feature.translations', { count: format.number(limits.translate.count) })
          : t('plan.feature.translations.extra', { count: format.number(limits.translate.count) });
      case 'uploads':
        return !paid
          ? t('plan.feature.uploads', {
              count: format.number(limits.upload.count),
              size: format.size(plan.upload_max_bytes),
            })
          : t('plan.feature.uploads.storage', {
              storage: format.size(plan.storage_bytes),
              count: format.number(plan.upload_max_files),
            });
      case 'downloads':
        return t('plan.feature.downloads', {
          daily: format.number(plan.daily_downloads),
          count: format.number(limits.download.count),
        });
      case 'noDownloads':
        return t('plan.feature.noDownloads');
      case 'collections':
        return t('plan.feature.collections');
      case 'publishing':
        return t('plan.feature.publishing');
      default:
        return feature;
    }
  };
  return PLAN_FEATURES[planId].map((feature) => ({ text: line(feature), included: !LACKS.has(feature) }));
}
