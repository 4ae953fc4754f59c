/**
 * The inactivity rule shared by user and console sessions: a session unused for `idleMs` is over.
 * Its last use is the session row's last_used_at, which is written at most every `touchEveryMs`
 * (reads stay reads); it lags the true last use by less than that, so a session ends at most
 * `idleMs` after its last use, and never earlier than `idleMs - touchEveryMs`. The check is a
 * condition of the session query, so every process reading the database applies it alike.
 */
export interface SessionIdle {
  /** Sessions last used at or before this instant are idle (ISO, compared in SQL). */
  usedAfter(now: Date): string;
  /** Whether a use at `now` should record itself (last_used_at is that old). */
  touchDue(lastUsedAt: string, now: Date): boolean;
}

/** last_used_at is written at most this often, and at most a tenth of the idle timeout. */
const MAX_TOUCH_EVERY_MS = 5 * 60_000;

export function sessionIdle(idleMs: number): SessionIdle {
  const touchEveryMs = Math.min(MAX_TOUCH_EVERY_MS, Math.floor(idleMs / 10));
  return {
    usedAfter: (now) => new Date(now.getTime() - idleMs).toISOString(),
    touchDue: (lastUsedAt, now) => now.getTime() - new Date(lastUsedAt).getTime() >= touchEveryMs,
  };
}
