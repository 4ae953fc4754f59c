import { create } from 'zustand';

interface NotAuthorizedState {
  open: boolean;
  /** The server's message, else the dialog says the login expired. */
  message: string | null;
  show(message: string | null): void;
  hide(): void;
}

/** The "Not Authorized" dialog of the error catalogue (401 while logged in). */
export const useNotAuthorizedStore = create<NotAuthorizedState>()((set) => ({
  open: false,
  message: null,
  show: (message) => set({ open: true, message }),
  hide: () => set({ open: false }),
}));
