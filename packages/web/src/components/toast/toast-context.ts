import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, useContext } from 'react';

export const ToastContext = createContext<MessageInstance | null>(null);

/** Toasts (antd messages) that follow the app's theme and locale. */
export function useToast(): MessageInstance {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider above it');
  return toast;
}
