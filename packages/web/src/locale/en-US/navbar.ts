export const navbar = {
  'navbar.language': 'Language',
  'navbar.language.switchTo': 'Switch language',
  'navbar.language.en-US': 'English',
  'navbar.language.zh-CN': '中文',
  'navbar.theme.toDark': 'Switch to dark theme',
  'navbar.theme.toLight': 'Switch to light theme',
  'navbar.settings': 'Page configuration',
  'navbar.login': 'Log in',
  'navbar.user.settings': 'Settings',
  'navbar.user.bookmarks': 'My stars',
  'navbar.user.logout': 'Log out',
};
