import { useAppSettingsStore } from './app-settings-store';
import { useAuthModalStore } from './auth-modal-store';
import { useUserStore } from './user-store';

/** Logout resets the user, clears the token and the server menu, and shows the login dialog (SPEC.md section 4). */
export function logout(): void {
  useUserStore.getState().clearSession();
  useAppSettingsStore.getState().setServerMenu([]);
  useAuthModalStore.getState().open();
}
