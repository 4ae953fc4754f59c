import type { ReportLanguage } from '@rl/contract';
import type { Random } from './random.js';

/**
 * What a figure in a sentence measures, with its unit and a range a reader finds plausible. A
 * template names one as `{pct:utilisation}`, `{bp:igSpread}`, `{x:pe}` or `{n:cutsPriced}`: a
 * sentence never prints a number drawn without knowing what it measures. Magnitudes only; the
 * sentence's words give the direction ("fell", "below").
 */
export type QuantityUnit = '%' | 'pp' | 'bp' | 'x' | 'count';
export interface Quantity {
  unit: QuantityUnit;
  range: readonly [min: number, max: number];
}

const pct = (min: number, max: number): Quantity => ({ unit: '%', range: [min, max] });
const bp = (min: number, max: number): Quantity => ({ unit: 'bp', range: [min, max] });

export const QUANTITIES = {
  // Equity markets and sectors
  earningsGrowth: pct(3, 15),
  epsGrowth: pct(5, 20),
  revenueGrowth: pct(5, 25),
  peDiscount: pct(5, 25),
  pe: { unit: 'x', range: [8, 30] },
  marginGain: bp(50, 300),
  equityRiskPremium: pct(2, 5.5),
  earningsYieldGap: pct(0.5, 3),
  growthVsConsensus: { unit: 'pp', range: [0.2, 0.8] },
  // Semiconductors
  utilisation: pct(70, 95),
  memoryPriceQoq: pct(3, 25),
  localisation: pct(20, 50),
  // Autos
  evShare: pct(10, 50),
  batteryCostFall: pct(5, 25),
  // Banks
  nimMove: bp(5, 30),
  loanGrowth: pct(3, 10),
  dividendYield: pct(3, 7),
  rateCut: bp(10, 50),
  niiPerCut: pct(1, 4),
  // Internet
  aiShareOfDemand: pct(10, 40),
  adRevenueGrowth: pct(5, 20),
  aiCapexGrowth: pct(15, 40),
  // Healthcare
  drugPricingHeadwind: pct(1, 6),
  pharmaSalesGrowth: pct(4, 12),
  deviceOrderGrowth: pct(5, 25),
  // Consumer
  retailSalesYoy: pct(1, 7),
  premiumShare: pct(20, 60),
  // Energy
  fcfYield: pct(5, 12),
  productionGrowth: pct(2, 6),
  netDebtToCapital: pct(15, 30),
  // Property
  propertySalesFall: pct(3, 25),
  reitDiscount: pct(10, 35),
  inventoryMonthsUs: { unit: 'count', range: [3, 9] },
  inventoryMonthsCn: { unit: 'count', range: [18, 30] },
  // Renewables
  modulePriceFall: pct(10, 35),
  gridInvestmentGrowth: pct(4, 12),
  // Mining and commodities
  copperEarningsSensitivity: pct(10, 30),
  unitCostFall: pct(2, 8),
  commodityDemandGrowth: pct(1, 8),
  copperDemandGrowth: pct(2, 5),
  supplyDisruption: pct(2, 6),
  crudeInventoryDraw: pct(1, 5),
  goldYtd: pct(5, 30),
  ironOreSupplyGrowth: pct(1, 4),
  aboveMarginalCost: pct(5, 40),
  aboveForwardCurve: pct(2, 15),
  // FX
  fxMisalignment: pct(2, 15),
  dollarYtd: pct(2, 10),
  dollarMove: pct(1, 6),
  carryYtd: pct(2, 9),
  usdJpyMove: pct(3, 10),
  rateDifferentialMove: bp(10, 75),
  // Rates
  yieldMove: bp(10, 75),
  curveSteepening: bp(15, 60),
  cutsPriced: { unit: 'count', range: [2, 5] },
  // Credit
  spreadTightening: bp(10, 60),
  ratingSpreadPickup: bp(30, 80),
  breakevenCushion: bp(30, 120),
  igSpread: bp(75, 120),
  hySpread: bp(280, 400),
  hyDefaultRate: pct(2, 5),
  cnDefaultRate: pct(0.5, 2),
  developerMaturities: pct(15, 40),
  // Volatility and macro
  volatilityGap: pct(1, 5),
  exportGrowth: pct(2, 10),
  tariffGdpHit: pct(0.1, 1),
} as const satisfies Record<string, Quantity>;
export type QuantityName = keyof typeof QUANTITIES;

export function isQuantity(label: string): label is QuantityName {
  return Object.hasOwn(QUANTITIES, label);
}

/** The placeholder keys a quantity of each unit is written with. */
const KEYS: Record<QuantityUnit, readonly string[]> = {
  '%': ['pct', 'pct2'],
  pp: ['pp'],
  bp: ['bp', 'bp2'],
  x: ['x'],
  count: ['n'],
};

export function keyFits(key: string, quantity: QuantityName): boolean {
  return KEYS[QUANTITIES[quantity].unit].includes(key);
}

/** A value of the quantity as a sentence prints it: `82.4%`, `0.3pp`, `45bp`, `14.2x`, `6`. */
export function drawQuantity(quantity: QuantityName, language: ReportLanguage, random: Random): string {
  const { unit, range } = QUANTITIES[quantity];
  const value = random.float(range[0], range[1]);
  switch (unit) {
    case '%':
      return `${value.toFixed(1)}%`;
    case 'pp':
      return language === 'zh' ? `${value.toFixed(1)}个百分点` : `${value.toFixed(1)}pp`;
    case 'bp':
      return `${Math.max(range[0], Math.round(value / 5) * 5)}bp`;
    case 'x':
      return `${value.toFixed(1)}${language === 'zh' ? '倍' : 'x'}`;
    case 'count':
      return String(Math.round(value));
  }
}
