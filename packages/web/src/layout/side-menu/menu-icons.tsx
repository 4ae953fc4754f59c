import { CrownOutlined, FileSearchOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIconName } from '../../router/route-meta';

export const MENU_ICONS: Record<MenuIconName, ReactNode> = {
  file: <FileSearchOutlined />,
  user: <UserOutlined />,
  crown: <CrownOutlined />,
};
