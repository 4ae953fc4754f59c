import {
  canonicalTimeZone,
  DEFAULT_DIGEST_TIME_ZONE,
  digestFrequencyOn,
  effectivePlan,
  type DigestFrequency,
  type UserSettings,
} from '@rl/contract';

/**
 * The digest a user is sent now: the frequency they chose as their plan allows it (daily chosen on
 * a paid plan that ended is sent weekly), and the zone its periods are counted in.
 */
export function digestOf(
  user: { settings: UserSettings; user_level: string; user_level_expire_time: string | null },
  now: Date,
): { frequency: DigestFrequency; timeZone: string } {
  const plan = effectivePlan(user.user_level, user.user_level_expire_time, now);
  return {
    frequency: digestFrequencyOn(plan, user.settings.digest),
    timeZone:
      (user.settings.time_zone && canonicalTimeZone(user.settings.time_zone)) ?? DEFAULT_DIGEST_TIME_ZONE,
  };
}
