/** Time source, replaceable in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const isoNow = (clock: Clock): string => clock.now().toISOString();

/** Today's date (UTC) as YYYY-MM-DD. */
export const today = (clock: Clock): string => clock.now().toISOString().slice(0, 10);
