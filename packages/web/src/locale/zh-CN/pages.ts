import type { pages as en } from '../en-US/pages';

export const pages: Record<keyof typeof en, string> = {
  'notFound.title': '页面不存在',
  'notFound.body': '您访问的页面不存在或已被移动。',
  'notAuthorized.title': '无权限',
  'notAuthorized.body': '您没有权限打开此页面。',
  'placeholder.later': '此页面正在建设中，上线后将提供：',
  'placeholder.bookmarks.title': '我的收藏',
  'placeholder.bookmarks.body': '集中查看您收藏的报告和发布机构；机构版支持收藏夹分组。',
  'placeholder.contactUs.title': '联系我们',
  'placeholder.contactUs.body': '就套餐、数据和账号问题联系我们团队的方式。',
  'placeholder.dmca.title': '版权投诉（DMCA）',
  'placeholder.dmca.body': '用于举报侵犯您版权内容的表单，包含安全验证和必要声明。',
  'redirect.working': '正在跳转…',
};
