import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import type { MessageKey } from '../../messages/catalogue.js';
import { msg } from '../../messages/message.js';
import type { UsersRepo } from './repo.js';
import { uniqueViolation } from './repo.js';

const TAKEN = {
  username: 'usernameTaken',
  email: 'emailTaken',
  phone: 'phoneTaken',
} as const satisfies Record<string, MessageKey>;
type UniqueField = keyof typeof TAKEN;

export const alreadyExists = (field: UniqueField) =>
  new AppError(ERROR_CODES.alreadyExists, msg(TAKEN[field]), { field });

/** 400 already_exists (with `field`) when another account holds the value (case-insensitive). */
export async function assertFree(
  repo: UsersRepo,
  values: Partial<Record<UniqueField, string>>,
  exceptUserId?: string,
): Promise<void> {
  const lookups = { username: repo.byUsername, email: repo.byEmail, phone: repo.byPhone };
  for (const field of Object.keys(values) as UniqueField[]) {
    const value = values[field];
    if (value === undefined) continue;
    const holder = await lookups[field](value);
    if (holder && holder.id !== exceptUserId) throw alreadyExists(field);
  }
}

/** Runs a write; a UNIQUE violation (a race with another signup) becomes the same 400. */
export async function withUniqueness<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const column = uniqueViolation(err);
    if (column === 'username' || column === 'email' || column === 'phone') throw alreadyExists(column);
    throw err;
  }
}
