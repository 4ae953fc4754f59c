import { create } from 'zustand';

interface SubscriptionModalState {
  visible: boolean;
  open(): void;
  close(): void;
}

/** The plans modal, opened by the 403 rule of the error catalogue and by the menu. */
export const useSubscriptionModalStore = create<SubscriptionModalState>()((set) => ({
  visible: false,
  open: () => set({ visible: true }),
  close: () => set({ visible: false }),
}));
