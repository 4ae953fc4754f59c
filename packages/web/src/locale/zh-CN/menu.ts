import type { menu as en } from '../en-US/menu';

export const menu: Record<keyof typeof en, string> = {
  'menu.dashboard': '仪表盘',
  'menu.home': '首页',
  'menu.file': '研报',
  'menu.my': '我的',
  'menu.my.upload': '上传',
  'menu.my.bookmarks': '收藏',
  'menu.my.settings': '设置',
  'menu.my.contactUs': '联系我们',
  'menu.subscription': '订阅',
  'menu.dmca': 'DMCA',
  'menu.redirect': '跳转',
  'menu.notAuthorized': '无权限',
  'menu.notFound': '页面不存在',
  'menu.server.workplace': '工作台',
  'menu.server.monitor': '监控',
  'menu.collapse': '收起菜单',
  'menu.expand': '展开菜单',
  'tabBar.close': '关闭{{name}}',
  'tabBar.closeOthers': '关闭其他标签',
  'tabBar.closeAll': '关闭全部标签',
};
