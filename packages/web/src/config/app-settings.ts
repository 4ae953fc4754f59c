/** Page configuration of the settings drawer (SPEC.md section 3, "App settings"). */
export interface AppSettings {
  theme: 'light' | 'dark';
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  device: 'desktop' | 'mobile';
  tabBar: boolean;
  menuFromServer: boolean;
}

export const DEFAULT_THEME_COLOR = '#165DFF';
export const DEFAULT_MENU_WIDTH = 269;
export const MIN_MENU_WIDTH = 180;
export const MAX_MENU_WIDTH = 400;

export const DEFAULT_APP_SETTINGS: AppSettings = {
  theme: 'light',
  colorWeak: false,
  navbar: true,
  menu: true,
  topMenu: false,
  hideMenu: false,
  menuCollapse: false,
  footer: true,
  themeColor: DEFAULT_THEME_COLOR,
  menuWidth: DEFAULT_MENU_WIDTH,
  device: 'desktop',
  tabBar: true,
  menuFromServer: false,
};
