import { message } from 'antd';
import type { ReactNode } from 'react';
import { ToastContext } from './toast-context';

/** Holds the app's toasts inside the theme and locale providers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, holder] = message.useMessage({ maxCount: 3 });
  return (
    <ToastContext.Provider value={toast}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}
