import type { DemoReportPlan } from '../../src/demo/types.js';

/** Fixed plans of one English and one Chinese demo report, for tests that render them. */

export const ENGLISH_PLAN: DemoReportPlan = {
  fileName: '2024-03-12_Northbridge-Securities_Japan-autos-outlook.pdf',
  title: 'Japan autos outlook',
  issuer: 'Northbridge Securities',
  authors: ['Jane Doe', 'John Roe'],
  publishDate: '2024-03-12',
  language: 'en',
  assetClass: 'Equities',
  country: 'Japan',
  reportType: 'Company Report',
  tags: ['Autos', 'EV penetration'],
  pageCount: 5,
  stock: {
    ticker: '7203 JP',
    canonical: '7203.JP',
    companyName: 'Kestova Motors',
    sector: 'Autos',
    rating: 'Buy',
    ratingStep: 'buy',
    action: 'maintain',
    previousRating: 'Buy',
    targetPrice: 'JPY 3,200',
    previousTargetPrice: 'JPY 2,900',
    price: 2650,
  },
};

export const CHINESE_PLAN: DemoReportPlan = {
  fileName: '2024-03-12_hy-securities_report-00042.pdf',
  title: '新能源汽车：渗透率突破临界点',
  issuer: '瀚远证券',
  authors: ['张三', '李四'],
  publishDate: '2024-03-12',
  language: 'zh',
  assetClass: 'Equities',
  country: 'China',
  reportType: '公司深度报告',
  tags: ['新能源汽车', '动力电池'],
  pageCount: 10,
  stock: {
    ticker: '600519.SH',
    canonical: '600519.SH',
    companyName: '澜芯汽车',
    sector: '汽车',
    rating: '买入',
    ratingStep: 'buy',
    action: 'upgrade',
    previousRating: '增持',
    targetPrice: '1,980元',
    previousTargetPrice: '1,750元',
    price: 1650,
  },
};
