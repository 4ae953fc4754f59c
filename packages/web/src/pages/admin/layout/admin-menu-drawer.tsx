import { Drawer } from 'antd';
import { AdminBrand, AdminMenu } from './admin-menu';

interface AdminMenuDrawerProps {
  open: boolean;
  onClose(): void;
}

/** The console's menu in a narrow window, slid in from the header's menu button. */
export function AdminMenuDrawer({ open, onClose }: AdminMenuDrawerProps) {
  return (
    <Drawer
      title={<AdminBrand onNavigate={onClose} />}
      placement="left"
      size="min(260px, 85vw)"
      open={open}
      onClose={onClose}
      className="rl-admin-drawer"
      styles={{ body: { padding: '8px 0' } }}
      data-testid="admin-menu-drawer"
    >
      <AdminMenu onNavigate={onClose} />
    </Drawer>
  );
}
