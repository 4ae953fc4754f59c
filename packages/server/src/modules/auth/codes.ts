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
import { msg, type Message } from '../../messages/message.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail.js';
import type { SmsSender } from '../../platform/sms.js';
import { codeMessage, noticeMessage, type CodeMessage, type CodeNotice } from './code-messages.js';
import type { CodesRepo } from './codes-repo.js';
import { THROTTLES } from './limits.js';
import { maskEmail, maskPhone } from './mask.js';
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
 * Verification codes: 6 digits, stored as an HMAC (never the digits), valid CODE_TTL_MIN minutes,
 * spent after CODE_MAX_TRIES wrong tries or one success, one send per target per CODE_RESEND_S
 * seconds, daily caps per target and per IP (limits.ts). Every limit is taken by a guarded write
 * before it is used, so concurrent requests cannot get past one between them.
 */
export function createCodeService(deps: {
  repo: CodesRepo;
  throttle: Throttle;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  secret: string;
}) {
  const { repo, throttle, clock } = deps;
  const hashOf = (key: string, purpose: string, code: string) =>
    createHmac('sha256', deps.secret).update(`code\n${key}\n${purpose}\n${code}`).digest();
  const secondsSince = (iso: string) => (clock.now().getTime() - new Date(iso).getTime()) / 1000;

  async function deliver(target: CodeTarget, { subject, text }: CodeMessage): Promise<void> {
    if (target.channel === 'email') await deps.mailer.send({ to: target.email, subject, text });
    else await deps.sms.send({ to: `${target.countryCode}${target.phone}`, text });
  }

  return {
    /**
     * Sends a new code. Within CODE_RESEND_S of the last send it answers 429, or with
     * `quietIfRecent` sends nothing and reports the wait (the login flow re-asking for a code).
     * With `notice` the target gets that notice instead of the code: the code is still stored,
     * counted and throttled like one that went (never told to anyone), so every later answer
     * about the target (resend waits, daily caps, tries) is the same either way.
     */
    async send(
      target: CodeTarget,
      purpose: CodePurpose,
      opts: {
        ip: string | null;
        /** The language of the request: the message goes out in it. */
        language: Language;
        quietIfRecent?: boolean;
        notice?: CodeNotice | undefined;
      },
    ): Promise<CodeSentResponse> {
      const key = targetKey(target);
      /** Seconds until the next send is allowed (0: now). */
      const resendWait = async () => {
        const last = await repo.get(key, purpose);
        return last ? Math.max(0, CODE_RESEND_S - secondsSince(last.sent_at)) : 0;
      };
      const tooRecent = (wait: number): CodeSentResponse => {
        if (opts.quietIfRecent) return { sent_to: shownAs(target), resend_after_s: Math.ceil(wait) };
        throw new TooFrequent(msg('tooFrequent'), wait);
      };
      const wait = await resendWait();
      if (wait > 0) return tooRecent(wait);
      const perTarget = await throttle.take(THROTTLES.codesPerTarget, key);
      if (!perTarget) throw new TooFrequent(msg('codesPerTargetToday'), 3600);
      const perIp = opts.ip ? await throttle.take(THROTTLES.codesPerIp, opts.ip) : null;
      const release = async () => {
        await throttle.release(perTarget.id);
        if (perIp) await throttle.release(perIp.id);
      };
      if (opts.ip && !perIp) {
        await release();
        throw new TooFrequent(msg('codesPerIpToday'), 3600);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = clock.now();
      const stored = await repo.putUnlessSentAfter(
        {
          target: key,
          purpose,
          code_hash: hashOf(key, purpose, code).toString('base64url'),
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
      const { language } = opts;
      await deliver(
        target,
        opts.notice ? noticeMessage(purpose, opts.notice, language) : codeMessage(purpose, code, language),
      );
      return { sent_to: shownAs(target), resend_after_s: CODE_RESEND_S };
    },

    /**
     * Checks a code and spends it; 400 code_invalid (field `code`) otherwise. `thenCheck` runs
     * once the code proved right and before it is spent: what it throws is the answer and the
     * code stays for another try (a signup checks the username only for the address's owner).
     */
    async verify(
      target: CodeTarget,
      purpose: CodePurpose,
      code: string,
      extra: Record<string, unknown> = {},
      thenCheck?: () => Promise<void>,
    ): Promise<void> {
      const key = targetKey(target);
      const fail = (key: 'codeWrong' | 'codeExpired' | 'codeSpent') =>
        new AppError(ERROR_CODES.codeInvalid, msg(key), { field: 'code', ...extra });
      const tried = await repo.takeTry(key, purpose, clock.now().toISOString(), CODE_MAX_TRIES);
      if (!tried) {
        // No try left to take: tell why.
        const row = await repo.get(key, purpose);
        if (!row) throw fail('codeWrong');
        if (new Date(row.expires_at).getTime() <= clock.now().getTime()) throw fail('codeExpired');
        throw fail('codeSpent');
      }
      const expected = Buffer.from(tried.code_hash, 'base64url');
      const given = hashOf(key, purpose, code.trim());
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw fail(tried.tries >= CODE_MAX_TRIES ? 'codeSpent' : 'codeWrong');
      await thenCheck?.();
      // A right code is good once: of two requests racing with it, one spends it.
      if (!(await repo.spend(key, purpose, tried.code_hash))) throw fail('codeWrong');
    },
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
