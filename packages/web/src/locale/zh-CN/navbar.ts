import type { navbar as en } from '../en-US/navbar';

export const navbar: Record<keyof typeof en, string> = {
  'navbar.language': '语言',
  'navbar.language.switchTo': '切换语言',
  'navbar.language.button': '{{current}}：切换语言',
  'navbar.language.en-US': 'English',
  'navbar.language.zh-CN': '中文',
  'navbar.theme.toDark': '切换为暗色主题',
  'navbar.theme.toLight': '切换为亮色主题',
  'navbar.menu': '菜单',
  'navbar.settings': '页面配置',
  'navbar.login': '登录',
  'navbar.user.settings': '设置',
  'navbar.user.bookmarks': '我的收藏',
  'navbar.user.logout': '退出登录',
};
