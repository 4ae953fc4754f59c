/**
 * Shared vocabularies of research data: the one rating scale every broker's wording is mapped to,
 * the rating actions, and the sector groups analysts of both markets use. The server fills them in
 * at ingestion; the web shows and filters by them.
 */

/** Five steps, best first. Relative wordings (Overweight, 增持, 跑赢行业) sit on the second step. */
export const RATING_STEPS = ['buy', 'outperform', 'hold', 'underperform', 'sell'] as const;
export type RatingStep = (typeof RATING_STEPS)[number];

export const RATING_STEP_LABELS: Record<RatingStep, { en: string; zh: string }> = {
  buy: { en: 'Buy', zh: '买入' },
  outperform: { en: 'Outperform', zh: '增持' },
  hold: { en: 'Hold', zh: '中性' },
  underperform: { en: 'Underperform', zh: '减持' },
  sell: { en: 'Sell', zh: '卖出' },
};

export const RATING_ACTIONS = ['initiate', 'maintain', 'upgrade', 'downgrade'] as const;
export type RatingAction = (typeof RATING_ACTIONS)[number];

export const RATING_ACTION_LABELS: Record<RatingAction, { en: string; zh: string }> = {
  initiate: { en: 'Initiate', zh: '首次覆盖' },
  maintain: { en: 'Maintain', zh: '维持' },
  upgrade: { en: 'Upgrade', zh: '上调' },
  downgrade: { en: 'Downgrade', zh: '下调' },
};

/** Our own sector groups: coarse enough for both the A-share (申万) and the global (GICS) habits. */
export const SECTORS = [
  { id: 'banks', en: 'Banks', zh: '银行' },
  { id: 'insurance', en: 'Insurance', zh: '保险' },
  { id: 'diversified_financials', en: 'Brokers & diversified financials', zh: '证券与多元金融' },
  { id: 'real_estate', en: 'Real estate', zh: '房地产' },
  { id: 'semiconductors', en: 'Semiconductors', zh: '半导体' },
  { id: 'electronics', en: 'Electronics & tech hardware', zh: '电子' },
  { id: 'software', en: 'Software & IT services', zh: '计算机' },
  { id: 'internet_media', en: 'Internet & media', zh: '互联网传媒' },
  { id: 'telecom', en: 'Telecommunications', zh: '通信' },
  { id: 'new_energy', en: 'New energy', zh: '新能源' },
  { id: 'electrical_equipment', en: 'Electrical equipment & grid', zh: '电力设备' },
  { id: 'utilities', en: 'Utilities', zh: '公用事业' },
  { id: 'oil_gas_coal', en: 'Oil, gas & coal', zh: '石油石化与煤炭' },
  { id: 'metals_mining', en: 'Metals & mining', zh: '有色金属与钢铁' },
  { id: 'chemicals', en: 'Chemicals', zh: '基础化工' },
  { id: 'building_construction', en: 'Building materials & construction', zh: '建材与建筑' },
  { id: 'machinery', en: 'Machinery & industrials', zh: '机械设备' },
  { id: 'defence', en: 'Aerospace & defence', zh: '国防军工' },
  { id: 'autos', en: 'Autos & auto parts', zh: '汽车' },
  { id: 'transportation', en: 'Transportation & logistics', zh: '交通运输' },
  { id: 'consumer_staples', en: 'Consumer staples', zh: '食品饮料' },
  { id: 'household_appliances', en: 'Household appliances', zh: '家用电器' },
  { id: 'retail', en: 'Retail & e-commerce', zh: '商贸零售' },
  { id: 'apparel_luxury', en: 'Apparel & luxury', zh: '纺织服饰' },
  { id: 'consumer_services', en: 'Travel, leisure & education', zh: '社会服务' },
  { id: 'light_manufacturing', en: 'Light manufacturing & packaging', zh: '轻工制造' },
  { id: 'healthcare', en: 'Healthcare & pharmaceuticals', zh: '医药生物' },
  { id: 'agriculture', en: 'Agriculture', zh: '农林牧渔' },
  { id: 'environmental', en: 'Environmental services', zh: '环保' },
] as const;
export type SectorId = (typeof SECTORS)[number]['id'];
export const SECTOR_IDS = SECTORS.map((s) => s.id) as [SectorId, ...SectorId[]];
