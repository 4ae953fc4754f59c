import { create } from 'zustand';
import type { Wall } from '../api/wall';

interface SubscriptionModalState {
  visible: boolean;
  /** The wall that opened the modal (reason, numbers), or null when opened from a menu. */
  wall: Wall | null;
  open(): void;
  /** Opens the plans saying which wall was hit (the 403 rule of the error catalogue). */
  openWall(wall: Wall): void;
  close(): void;
}

/** The plans modal, opened by the 403 rule of the error catalogue and by the menu. */
export const useSubscriptionModalStore = create<SubscriptionModalState>()((set) => ({
  visible: false,
  wall: null,
  open: () => set({ visible: true, wall: null }),
  openWall: (wall) => set({ visible: true, wall }),
  close: () => set({ visible: false }),
}));
