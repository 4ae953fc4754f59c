import type { researchSearch as en } from '../en-US/research-search';

export const researchSearch: Record<keyof typeof en, string> = {
  'researchSearch.filter.reportType': '报告类型',
  'researchSearch.filter.rating': '评级',
  'researchSearch.filter.ratingAction': '评级变动',
  'researchSearch.filter.sector': '行业',
  'researchSearch.filter.company': '公司',
  'researchSearch.filter.company.placeholder': '代码或名称',
  'researchSearch.filter.analyst': '分析师',
  'researchSearch.result.fromRating': '原为{{rating}}',
  'researchSearch.result.target': '目标价 {{target}}',
  'researchSearch.result.previousTarget': '（原 {{target}}）',
  'researchSearch.company.notesOn': '{{name}}（{{ticker}}）的报告',
  'researchSearch.company.named': '“{{keyword}}”即{{name}}（{{ticker}}），已一并搜索其其他名称',
  'researchSearch.company.page': '公司页面',
  'researchSearch.company.asWords': '改为按文字搜索“{{keyword}}”',
};
