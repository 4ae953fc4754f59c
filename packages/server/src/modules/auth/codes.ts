import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_MAX_TRIES,
  CODE_RESEND_S,
  CODE_TTL_MIN,
  ERROR_CODES,
  type CodePurpose,
  type CodeSentResponse,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import type { Language } from '../../messages/bilingual.js';
import type { MessageKey } from '../../messages/catalogue.js';
import { msg, type Message, type MessageParams } from '../../messages/message.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail.js';
import type { SmsSender } from '../../platform/sms.js';
import { codeMessage, noticeMessage, type CodeMessage, type CodeNotice } from './code-messages.js';
import type { CodesRepo } from './codes-repo.js';
import { THROTTLES, type ThrottleRule } from './limits.js';
import { maskEmail, maskPhone } from './mask.js';
import { secondsUntilFree } from './retry-after.js';
import type { Throttle } from './throttle.js';

/** Where a code goes: an e-mail address (lower-cased) or a mobile number (digits) with its country code. */
export type CodeTarget =
  { channel: 'email'; email: string } | { channel: 'sms'; phone: string; countryCode: string };

/** The target's key (codes, throttles): `email:<address>` or `sms:+<country code><number>`. */
export const targetKey = (t: CodeTarget) =>
  t.channel === 'email' ? `email:${t.email}` : `sms:+${t.countryCode}${t.phone}`;
const shownAs = (t: CodeTarget) =>
  t.channel === 'email' ? maskEmail(t.email) : maskPhone(t.phone, t.countryCode);

/** 429 with the catalogue's message and when to try again. */
export class TooFrequent extends AppError {
  constructor(message: Message, retryAfterS: number) {
    super(ERROR_CODES.tooManyRequests, message, { retry_after_s: Math.max(1, Math.ceil(retryAfterS)) });
  }
}

/**
 * A refusal that says when it lifts: the message names the limit and gets `minutes` (rounded up),
 * the answer `retry_after_s`.
 */
export function refusedFor(key: MessageKey, retryAfterS: number, params: MessageParams = {}): TooFrequent {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return new TooFrequent(msg(key, { ...params, minutes }), retryAfterS);
}

/**
 * The slot of the codes a login sends once the account's right password was presented, kept apart
 * from the `login` codes anyone can ask for through the code calls: those can neither replace
 * nor delay these.
 */
export const PASSWORD_LOGIN_SLOT = 'login_password';

/** A limit a send takes before it goes, and what its refusal answers. */
interface Allowance {
  rule: ThrottleRule;
  key: string;
  refused: () => Promise<TooFrequent>;
}

type CodeRefusal = 'codeWrong' | 'codeExpired' | 'codeSpent';
/** Of several slots' refusals, the one worth telling: a wrong code before a spent or expired one. */
const REFUSAL_ORDER: CodeRefusal[] = ['codeWrong', 'codeSpent', 'codeExpired'];

/** What issuing and checking codes work with: the service's dependencies and the code's HMAC. */
interface CodeDeps {
  repo: CodesRepo;
  throttle: Throttle;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  hashOf: (key: string, slot: string, code: string) => Buffer;
}

async function deliver(deps: CodeDeps, target: CodeTarget, { subject, text }: CodeMessage): Promise<void> {
  if (target.channel === 'email') await deps.mailer.send({ to: target.email, subject, text });
  else await deps.sms.send({ to: `${target.countryCode}${target.phone}`, text });
}

/**
 * Sends a new code to `target` in `slot` (the purpose, or PASSWORD_LOGIN_SLOT). Within
 * CODE_RESEND_S of the slot's last send it answers 429, or with `quietIfRecent` sends nothing
 * and reports the wait. Each allowance is taken first; a refused one answers its 429.
 */
async function issue(
  deps: CodeDeps,
  target: CodeTarget,
  slot: string,
  allowances: Allowance[],
  opts: {
    purpose: CodePurpose;
    language: Language;
    quietIfRecent?: boolean;
    notice?: CodeNotice | undefined;
  },
): Promise<CodeSentResponse> {
  const { repo, throttle, clock, hashOf } = deps;
  const secondsSince = (iso: string) => (clock.now().getTime() - new Date(iso).getTime()) / 1000;
  const key = targetKey(target);
  /** Seconds until the next send is allowed (0: now). */
  const resendWait = async () => {
    const last = await repo.get(key, slot);
    return last ? Math.max(0, CODE_RESEND_S - secondsSince(last.sent_at)) : 0;
  };
  const tooRecent = (wait: number): CodeSentResponse => {
    if (opts.quietIfRecent) return { sent_to: shownAs(target), resend_after_s: Math.ceil(wait) };
    throw new TooFrequent(msg('tooFrequent'), wait);
  };
  const wait = await resendWait();
  if (wait > 0) return tooRecent(wait);
  const taken: number[] = [];
  const release = () => throttle.release(...taken);
  for (const allowance of allowances) {
    const event = await throttle.take(allowance.rule, allowance.key);
    if (!event) {
      await release();
      throw await allowance.refused();
    }
    taken.push(event.id);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = clock.now();
  const stored = await repo.putUnlessSentAfter(
    {
      target: key,
      purpose: slot,
      code_hash: hashOf(key, slot, code).toString('base64url'),
      sent_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CODE_TTL_MIN * 60_000).toISOString(),
    },
    new Date(now.getTime() - CODE_RESEND_S * 1000).toISOString(),
  );
  if (!stored) {
    // Another request sent a code meanwhile: that one stands, and this send counts for nothing.
    await release();
    return tooRecent(Math.max(1, await resendWait()));
  }
  const { purpose, language } = opts;
  await deliver(
    deps,
    target,
    opts.notice ? noticeMessage(purpose, opts.notice, language) : codeMessage(purpose, code, language),
  );
  return { sent_to: shownAs(target), resend_after_s: CODE_RESEND_S };
}

/**
 * Takes a try of the live code in `slot` and compares: the code's hash when right (not yet
 * spent), else why not.
 */
async function compare(
  deps: CodeDeps,
  key: string,
  slot: string,
  code: string,
): Promise<{ hash: string } | { refusal: CodeRefusal; live: boolean }> {
  const { repo, clock, hashOf } = deps;
  const tried = await repo.takeTry(key, slot, clock.now().toISOString(), CODE_MAX_TRIES);
  if (!tried) {
    // No try left to take: tell why.
    const row = await repo.get(key, slot);
    if (!row) return { refusal: 'codeWrong', live: false };
    if (new Date(row.expires_at).getTime() <= clock.now().getTime())
      return { refusal: 'codeExpired', live: true };
    return { refusal: 'codeSpent', live: true };
  }
  const expected = Buffer.from(tried.code_hash, 'base64url');
  const given = hashOf(key, slot, code.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { refusal: tried.tries >= CODE_MAX_TRIES ? 'codeSpent' : 'codeWrong', live: true };
  return { hash: tried.code_hash };
}

/**
 * Checks `code` against the live code of each slot in turn and spends the first that matches;
 * 400 code_invalid (field `code`) otherwise. `thenCheck` runs once the code proved right and
 * before it is spent: what it throws is the answer and the code stays for another try.
 */
async function verifyIn(
  deps: CodeDeps,
  target: CodeTarget,
  slots: string[],
  code: string,
  extra: Record<string, unknown>,
  thenCheck?: () => Promise<void>,
): Promise<void> {
  const key = targetKey(target);
  const fail = (why: CodeRefusal) =>
    new AppError(ERROR_CODES.codeInvalid, msg(why), { field: 'code', ...extra });
  const refusals: CodeRefusal[] = [];
  for (const slot of slots) {
    const found = await compare(deps, key, slot, code);
    if ('refusal' in found) {
      if (found.live) refusals.push(found.refusal);
      continue;
    }
    await thenCheck?.();
    // A right code is good once: of two requests racing with it, one spends it.
    if (!(await deps.repo.spend(key, slot, found.hash))) throw fail('codeWrong');
    return;
  }
  throw fail(REFUSAL_ORDER.find((why) => refusals.includes(why)) ?? 'codeWrong');
}

/**
 * Verification codes: 6 digits, stored as an HMAC (never the digits), valid CODE_TTL_MIN minutes,
 * spent after CODE_MAX_TRIES wrong tries or one success, one send per target and slot per
 * CODE_RESEND_S seconds. Codes anyone may request are capped per target and per IP a day; the
 * codes a right password sends at login have the account's own allowance and slot (limits.ts).
 * Every limit is taken by a guarded write before it is used, so concurrent requests cannot get
 * past one between them.
 */
export function createCodeService(deps: {
  repo: CodesRepo;
  throttle: Throttle;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  secret: string;
}) {
  const { throttle, clock } = deps;
  const codeDeps: CodeDeps = {
    repo: deps.repo,
    throttle,
    mailer: deps.mailer,
    sms: deps.sms,
    clock,
    hashOf: (key, slot, code) =>
      createHmac('sha256', deps.secret).update(`code\n${key}\n${slot}\n${code}`).digest(),
  };

  return {
    /**
     * Sends a new code anyone may ask for (the code calls), within the target's and the IP's
     * daily caps; within CODE_RESEND_S of the last send it answers 429. With `notice` the target
     * gets that notice instead of the code: the code is still stored, counted and throttled like
     * one that went (never told to anyone), so every later answer about the target (resend waits,
     * daily caps, tries) is the same either way.
     */
    send(
      target: CodeTarget,
      purpose: CodePurpose,
      opts: {
        ip: string | null;
        /** The language of the request: the message goes out in it. */
        language: Language;
        notice?: CodeNotice | undefined;
      },
    ): Promise<CodeSentResponse> {
      const allowances: Allowance[] = [
        {
          rule: THROTTLES.codesPerTarget,
          key: targetKey(target),
          refused: async () => new TooFrequent(msg('codesPerTargetToday'), 3600),
        },
      ];
      if (opts.ip)
        allowances.push({
          rule: THROTTLES.codesPerIp,
          key: opts.ip,
          refused: async () => new TooFrequent(msg('codesPerIpToday'), 3600),
        });
      return issue(codeDeps, target, purpose, allowances, {
        purpose,
        language: opts.language,
        notice: opts.notice,
      });
    },

    /**
     * Sends the login code of `accountId`, whose right password was just presented, to its
     * address: in its own slot and within the account's own allowance (loginCodesPerAccount), so
     * nobody's code requests can replace, delay or use up the codes of the owner's login. Within
     * CODE_RESEND_S of the last one it sends nothing and reports the wait (a login repeated).
     */
    sendLoginCode(target: CodeTarget, accountId: string, language: Language): Promise<CodeSentResponse> {
      const rule = THROTTLES.loginCodesPerAccount;
      const allowance: Allowance = {
        rule,
        key: accountId,
        refused: async () =>
          refusedFor('loginCodesPerHour', await secondsUntilFree({ throttle, clock }, rule, accountId), {
            limit: rule.limit,
          }),
      };
      return issue(codeDeps, target, PASSWORD_LOGIN_SLOT, [allowance], {
        purpose: 'login',
        language,
        quietIfRecent: true,
      });
    },

    /**
     * Checks a code and spends it; 400 code_invalid (field `code`) otherwise. `thenCheck` runs
     * once the code proved right and before it is spent: what it throws is the answer and the
     * code stays for another try (a signup checks the username only for the address's owner).
     */
    verify: (
      target: CodeTarget,
      purpose: CodePurpose,
      code: string,
      extra: Record<string, unknown> = {},
      thenCheck?: () => Promise<void>,
    ): Promise<void> => verifyIn(codeDeps, target, [purpose], code, extra, thenCheck),

    /**
     * Checks the code of a login (whose right password was presented): the code the login sent
     * (sendLoginCode), or else a `login` code the address's owner asked for through the code
     * calls (the web forms resend by repeating the login; other clients may still ask there).
     * Spends the one that matches.
     */
    verifyLoginCode: (target: CodeTarget, code: string, extra: Record<string, unknown> = {}): Promise<void> =>
      verifyIn(codeDeps, target, [PASSWORD_LOGIN_SLOT, 'login'], code, extra),
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
