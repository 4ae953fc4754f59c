import type { AssetClass, Country, ReportLanguage, ReportType } from '@rl/contract/constants';
import type { TFunction } from 'i18next';
import type { MessageKey } from './en-US';

const ASSET_CLASS_KEYS: Record<AssetClass, MessageKey> = {
  Equities: 'assetClass.equities',
  FX: 'assetClass.fx',
  Rates: 'assetClass.rates',
  Commodities: 'assetClass.commodities',
  Credit: 'assetClass.credit',
  'Cross Assets': 'assetClass.crossAssets',
  Economics: 'assetClass.economics',
};

const COUNTRY_KEYS: Record<Country, MessageKey> = {
  'U.S.': 'country.us',
  EU: 'country.eu',
  UK: 'country.uk',
  EM: 'country.em',
  China: 'country.china',
  Japan: 'country.japan',
  India: 'country.india',
  Global: 'country.global',
  'Other countries': 'country.other',
};

const REPORT_LANGUAGE_KEYS: Record<ReportLanguage, MessageKey> = {
  en: 'reportLanguage.en',
  zh: 'reportLanguage.zh',
};

const REPORT_TYPE_KEYS: Record<ReportType, MessageKey> = {
  company: 'reportType.company',
  industry: 'reportType.industry',
  macro: 'reportType.macro',
  strategy: 'reportType.strategy',
  fixed_income: 'reportType.fixed_income',
  quantitative: 'reportType.quantitative',
  filing: 'reportType.filing',
  other: 'reportType.other',
};

function labelFrom(keys: Record<string, MessageKey>, t: TFunction, value: string | null | undefined) {
  if (!value) return null;
  const key = Object.hasOwn(keys, value) ? keys[value] : undefined;
  return key ? t(key) : value;
}

/** Translated label of an asset class; an unknown value is shown as it is. */
export const assetClassLabel = (t: TFunction, value: string | null | undefined) =>
  labelFrom(ASSET_CLASS_KEYS, t, value);

export const countryLabel = (t: TFunction, value: string | null | undefined) =>
  labelFrom(COUNTRY_KEYS, t, value);

export const reportLanguageLabel = (t: TFunction, value: string | null | undefined) =>
  labelFrom(REPORT_LANGUAGE_KEYS, t, value);

export const reportTypeLabel = (t: TFunction, value: string | null | undefined) =>
  labelFrom(REPORT_TYPE_KEYS, t, value);

/** Analysts with the registration number printed beside each name (执业证书编号), when there is one. */
export const analystsWithNumbers = (authors: readonly string[], numbers: Record<string, string>): string[] =>
  authors.map((name) => (numbers[name] ? `${name} (${numbers[name]})` : name));
