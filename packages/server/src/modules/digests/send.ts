import type { Logger } from 'pino';
import { DIGEST_DEFAULTS } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail.js';
import { toUserRecord } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';
import { composeDigest, DIGEST_LISTED_MAX } from './compose.js';
import { digestOf } from './digest-settings.js';
import type { DigestLinks } from './links.js';
import type { DigestRow, DigestsRepo } from './repo.js';

/** Tries of one digest before it fails for good (a worker that died while sending counts too). */
export const DIGEST_MAX_ATTEMPTS = 6;
/** The first retry's wait; each next waits twice as long, at most DIGEST_RETRY_MAX_MS. */
export const DIGEST_RETRY_BASE_MS = 5 * 60_000;
const DIGEST_RETRY_MAX_MS = 2 * 3600_000;
/**
 * How long a claimed digest stays its worker's unless configured: far above one send's SMTP time
 * limits (platform/mail.ts), renewed right before the send.
 */
export const DIGEST_LEASE_MS = DIGEST_DEFAULTS.leaseS * 1000;
/** Digests one claim takes. */
const CLAIM_BATCH = 10;
/** Sends at once: a slow SMTP answer does not hold the others up. */
const LANES = 4;
/** How much of an SMTP server's answer is kept as the digest's last error. */
const ERROR_MAX = 500;

export const retryDelayMs = (attempts: number): number =>
  Math.min(DIGEST_RETRY_MAX_MS, DIGEST_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));

export interface DigestSenderDeps {
  repo: DigestsRepo;
  users: Pick<UsersRepo, 'byId'>;
  mailer: Mailer;
  links: DigestLinks;
  clock: Clock;
  /** DIGEST_LEASE_MS unless configured (DIGEST_LEASE_S) or a test shortens it. */
  leaseMs?: number;
  log?: Logger;
}

export interface SendTally {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  /** Digests another worker took over while this one held them: nothing written about them. */
  lost: number;
}

type Outcome = Exclude<keyof SendTally, 'claimed'>;

/** The SMTP server's answer ("550 5.1.1 No such user"), or the error's message. */
function smtpError(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown } | null;
  const text = typeof e?.response === 'string' ? e.response : String(e?.message ?? err);
  return text.slice(0, ERROR_MAX);
}

/**
 * An SMTP server's permanent refusal (a 5xx reply: no such user, rejected as spam): the same mail
 * tried again is refused again. A 4xx reply is a deferral, and an error without a reply (no
 * connection, a time limit) says nothing of the mail: both are tried again later.
 */
function refusedForGood(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Sends one claimed digest and records how it ended, if it is still this worker's. */
async function sendOne(deps: DigestSenderDeps, worker: string, row: DigestRow): Promise<Outcome> {
  const { repo, clock } = deps;
  const leaseMs = deps.leaseMs ?? DIGEST_LEASE_MS;
  const now = () => clock.now().toISOString();
  const ended = (wrote: boolean, outcome: Outcome): Outcome => (wrote ? outcome : 'lost');
  // Taken over again and again: the digest kills or stalls whoever sends it.
  if (row.attempts > DIGEST_MAX_ATTEMPTS) {
    const why = `its sender stopped ${row.attempts - 1} times while sending it`;
    return ended(await repo.fail(row.id, worker, why, now()), 'failed');
  }
  const stored = await deps.users.byId(row.user_id);
  const user = stored && toUserRecord(stored);
  if (!user?.email || user.status === 'disabled')
    return ended(await repo.skipped(row.id, worker, 'no e-mail address to send to', now()), 'skipped');
  const { frequency, timeZone } = digestOf(user, clock.now());
  if (frequency === 'off')
    return ended(await repo.skipped(row.id, worker, 'the digest was turned off', now()), 'skipped');
  const total = await repo.itemCount(row.user_id, row.items_since, row.items_until);
  if (total === 0)
    return ended(await repo.skipped(row.id, worker, 'no report left to list', now()), 'skipped');
  const mail = composeDigest({
    to: user.email,
    language: user.settings.language,
    frequency: row.period.startsWith('d:') ? 'daily' : 'weekly',
    timeZone,
    since: row.items_since,
    items: await repo.items(row.user_id, row.items_since, row.items_until, DIGEST_LISTED_MAX),
    total,
    baseUrl: deps.links.baseUrl,
    unsubscribeUrl: deps.links.unsubscribeUrl(row.user_id),
    messageId: row.message_id,
  });
  // The last check before the mail leaves: a digest whose lease ran out and was taken over is not sent twice.
  if (!(await repo.hold(row.id, worker, leaseMs))) return 'lost';
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    const error = smtpError(err);
    if (refusedForGood(err) || row.attempts >= DIGEST_MAX_ATTEMPTS) {
      deps.log?.warn({ digest: row.id, period: row.period, err: error }, 'digest failed');
      return ended(await repo.fail(row.id, worker, error, now()), 'failed');
    }
    const at = new Date(clock.now().getTime() + retryDelayMs(row.attempts)).toISOString();
    deps.log?.warn(
      { digest: row.id, period: row.period, err: error, retry_at: at },
      'digest not sent; will retry',
    );
    return ended(await repo.retryLater(row.id, worker, error, at, now()), 'retried');
  }
  return ended(await repo.sent(row.id, worker, total, now()), 'sent');
}

/**
 * Claims due digests (and those whose worker died while sending) under a lease and sends them, a
 * few at once, until none is due or `max` were claimed. Any number of workers may run it at once:
 * a digest is claimed by one, and a worker writes nothing about a digest it no longer holds.
 */
export async function sendDueDigests(
  deps: DigestSenderDeps,
  worker: string,
  opts: { max?: number; signal?: AbortSignal } = {},
): Promise<SendTally> {
  const max = opts.max ?? Infinity;
  const leaseMs = deps.leaseMs ?? DIGEST_LEASE_MS;
  const tally: SendTally = { claimed: 0, sent: 0, retried: 0, failed: 0, skipped: 0, lost: 0 };
  const lane = async () => {
    while (tally.claimed < max && !opts.signal?.aborted) {
      const take = Math.min(CLAIM_BATCH, max - tally.claimed);
      const rows = await deps.repo.claim(worker, deps.clock.now().toISOString(), leaseMs, take);
      if (!rows.length) return;
      tally.claimed += rows.length;
      // Claimed and not sent (stopped meanwhile): their lease runs out and another worker sends them.
      for (const row of rows) if (!opts.signal?.aborted) tally[await sendOne(deps, worker, row)]++;
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return tally;
}
