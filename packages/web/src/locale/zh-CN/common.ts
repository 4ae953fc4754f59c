import type { common as en } from '../en-US/common';

export const common: Record<keyof typeof en, string> = {
  'app.title': '研报库',
  'app.tagline': '中英文金融研究报告检索与阅读',
  'common.cancel': '取消',
  'common.save': '保存',
  'common.reset': '重置',
  'common.close': '关闭',
  'common.ok': '确定',
  'common.retry': '重试',
  'common.loading': '加载中…',
  'common.comingSoon': '即将推出',
  'common.backHome': '返回研报库',
  'common.notAvailable': '—',
  'common.listSeparator': '、',
  'footer.copyright': '© {{year}} 研报库。仅供研究参考，不构成投资建议。',
  'footer.dmca': '版权投诉（DMCA）',
  'footer.contact': '联系我们',
  'footer.icp': 'ICP 备案：办理中',
  'breadcrumb.home': '首页',
  'region.unsupported': '您所在的地区暂不支持此功能。',
};
