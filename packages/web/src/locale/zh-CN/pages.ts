import type { pages as en } from '../en-US/pages';

export const pages: Record<keyof typeof en, string> = {
  'notFound.title': '页面不存在',
  'notFound.body': '您访问的页面不存在或已被移动。',
  'notAuthorized.title': '无权限',
  'notAuthorized.body': '您没有权限打开此页面。',
  'redirect.working': '正在跳转…',
};
