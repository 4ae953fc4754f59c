import type { AdminUser } from '@rl/contract';

/** What the users page hands each dialog about one user: open while `user` is set. */
export interface UserDialogProps {
  user: AdminUser | null;
  onClose(): void;
  onSaved(): void;
}
