import { create } from 'zustand';
import type { MessageKey } from '../locale/en-US';

export type AuthFormMode = 'login' | 'signup';

/** The login/signup modal: visibility and form mode are independent (SPEC.md section 4). */
interface AuthModalState {
  visible: boolean;
  mode: AuthFormMode;
  /** Message key saying why the modal was opened, e.g. a page that needs login. */
  reason: MessageKey | null;
  /** The account the login form starts with (the one just signed up), if any. */
  prefill: string | null;
  open(reason?: MessageKey | null): void;
  close(): void;
  toggle(): void;
  setMode(mode: AuthFormMode, prefill?: string | null): void;
  toggleMode(): void;
}

export const useAuthModalStore = create<AuthModalState>()((set) => ({
  visible: false,
  mode: 'login',
  reason: null,
  prefill: null,
  open: (reason = null) => set({ visible: true, reason }),
  close: () => set({ visible: false, reason: null }),
  toggle: () => set((state) => ({ visible: !state.visible })),
  setMode: (mode, prefill = null) => set({ mode, prefill }),
  toggleMode: () => set((state) => ({ mode: state.mode === 'login' ? 'signup' : 'login' })),
}));
