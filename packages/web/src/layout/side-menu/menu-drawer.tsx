import { Drawer } from 'antd';
import { AppLogo } from '../navbar/app-logo';
import { AppMenu } from './app-menu';
import './menu-drawer.css';

interface MenuDrawerProps {
  open: boolean;
  onClose(): void;
}

/** The side menu of a narrow window, slid in from the navbar's menu button. */
export function MenuDrawer({ open, onClose }: MenuDrawerProps) {
  return (
    <Drawer
      title={<AppLogo />}
      placement="left"
      size="min(280px, 85vw)"
      open={open}
      onClose={onClose}
      className="rl-menu-drawer"
      styles={{ body: { padding: '8px 0' } }}
      data-testid="menu-drawer"
    >
      <AppMenu mode="inline" onNavigate={onClose} />
    </Drawer>
  );
}
