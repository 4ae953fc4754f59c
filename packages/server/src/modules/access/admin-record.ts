import type { UserRecord } from './user-record.js';

/** The administrator making a call: an account whose roles include `admin`. */
export type AdminRecord = UserRecord;

/** Whether an account may use the console: it has the `admin` role and is not disabled. */
export const isAdmin = (user: Pick<UserRecord, 'role' | 'status'>): boolean =>
  user.role.includes('admin') && user.status !== 'disabled';
