import type { catalogue as en } from '../en-US/catalogue';

export const catalogue: Record<keyof typeof en, string> = {
  'assetClass.equities': '股票',
  'assetClass.fx': '外汇',
  'assetClass.rates': '利率',
  'assetClass.commodities': '大宗商品',
  'assetClass.credit': '信用',
  'assetClass.crossAssets': '跨资产',
  'assetClass.economics': '宏观经济',
  'country.us': '美国',
  'country.eu': '欧盟',
  'country.uk': '英国',
  'country.em': '新兴市场',
  'country.china': '中国',
  'country.japan': '日本',
  'country.india': '印度',
  'country.global': '全球',
  'country.other': '其他国家',
  'reportLanguage.en': '英文',
  'reportLanguage.zh': '中文',
};
