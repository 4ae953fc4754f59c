import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SECURITY_CHECK_FAILED,
  SECURITY_CHECK_REQUIRED,
  SECURITY_CHECK_TTL_MIN,
  type AltchaChallenge,
} from '@rl/contract';
import type { AppError } from '../src/errors.js';
import { statusOf } from '../src/http/error-status.js';
import { createSecurityCheckRepo } from '../src/modules/security-check/repo.js';
import {
  CHALLENGES_PER_IP,
  SECURITY_CHECK_WORK,
  createSecurityCheck,
  type SecurityCheck,
} from '../src/modules/security-check/service.js';
import { createThrottle } from '../src/modules/auth/throttle.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { encodePayload, fetchChallenge, freshIp, solve } from './security-check-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';
let lib: TestLibrary;
/** The service as the app builds it: same database, clock and secret. */
let check: SecurityCheck;

const refusal = async (altcha: string | undefined) => {
  const err = await check.verify(altcha).then(
    () => null,
    (e: unknown) => e as AppError,
  );
  return err && { status: statusOf(err.code), message: err.message, code: err.code };
};
const failed = { status: 400, message: SECURITY_CHECK_FAILED, code: 'security_check_failed' };
const spentRows = () => lib.db.selectFrom('security_check_spent').selectAll().execute();

beforeAll(async () => {
  lib = await openTestLibrary();
  check = createSecurityCheck({
    repo: createSecurityCheckRepo(lib.db),
    throttle: createThrottle(lib.db, lib.clock),
    clock: lib.clock,
    secret: lib.config.signingSecret,
  });
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

describe('GET /api/pub/recapcha', () => {
  it('answers a signed ALTCHA v2 challenge in the shape the widget v3 reads, never cached', async () => {
    const r = await call<AltchaChallenge>(lib.app, '/api/pub/recapcha', undefined, { method: 'GET' });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const expires = Date.parse(NOW) / 1000 + SECURITY_CHECK_TTL_MIN * 60;
    expect(r.body).toEqual({
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        cost: SECURITY_CHECK_WORK.cost,
        keyLength: 32,
        keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/),
        keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
        salt: expect.stringMatching(/^[0-9a-f]{32}$/),
        data: { expires },
        expiresAt: expires,
      },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // POST answers the same, with fresh randomness; a stale token does not matter (no login needed).
    const p = await call<AltchaChallenge>(lib.app, '/api/pub/recapcha', {}, { token: 'stale-token' });
    expect(p.status).toBe(200);
    expect(p.body.parameters.nonce).not.toBe(r.body.parameters.nonce);
  });

  it('the work is real: the counter found lies in the configured range', async () => {
    const payload = await solve(await fetchChallenge(lib));
    const { solution } = JSON.parse(Buffer.from(payload, 'base64').toString()) as {
      solution: { counter: number };
    };
    expect(solution.counter).toBeGreaterThanOrEqual(SECURITY_CHECK_WORK.counterMin);
    expect(solution.counter).toBeLessThanOrEqual(SECURITY_CHECK_WORK.counterMax);
    expect(await refusal(payload)).toBeNull();
  });

  it(`is throttled per IP address: one challenge over ${CHALLENGES_PER_IP.limit} in the window answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CHALLENGES_PER_IP.limit; i++) await fetchChallenge(lib, ip);
    const r = await call(lib.app, '/api/pub/recapcha', undefined, { method: 'GET', ip });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 'too_many_requests' });
    // Another address is not affected; the window slides.
    expect(
      (await call(lib.app, '/api/pub/recapcha', undefined, { method: 'GET', ip: freshIp() })).status,
    ).toBe(200);
    lib.clock.set(new Date(Date.parse(NOW) + CHALLENGES_PER_IP.windowS * 1000 + 1000).toISOString());
    expect((await call(lib.app, '/api/pub/recapcha', undefined, { method: 'GET', ip })).status).toBe(200);
  });
});

describe('verifying a solution', () => {
  it('accepts a solved challenge once; a replay fails, even two racing ones', async () => {
    const payload = await solve(await fetchChallenge(lib));
    expect(await refusal(payload)).toBeNull();
    expect(await refusal(payload)).toEqual(failed);
    const other = await solve(await fetchChallenge(lib));
    const both = await Promise.all([refusal(other), refusal(other)]);
    expect(both.filter((r) => r === null)).toHaveLength(1);
    expect(both.filter((r) => r !== null)).toEqual([failed]);
  });

  it('refuses a missing, garbage, tampered, unsolved, foreign or test-mode payload', async () => {
    const challenge = await fetchChallenge(lib);
    const good = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
      challenge: AltchaChallenge;
      solution: { counter: number; derivedKey: string };
    };
    const required = { status: 400, message: SECURITY_CHECK_REQUIRED, code: 'validation' };
    expect(await refusal(undefined)).toEqual(required);
    expect(await refusal('   ')).toEqual(required);
    const bad = [
      'not base64 at all %%%',
      encodePayload('a string'),
      encodePayload({ challenge: null, solution: null, test: true }),
      // The parameters changed (less work asked): the signature no longer holds.
      encodePayload({
        ...good,
        challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } },
      }),
      encodePayload({ ...good, challenge: { ...good.challenge, signature: '0'.repeat(64) } }),
      // Unsolved: a key that is not the one the challenge's counter derives.
      encodePayload({ ...good, solution: { counter: 0, derivedKey: '0'.repeat(64) } }),
      encodePayload({
        ...good,
        solution: { ...good.solution, derivedKey: good.solution.derivedKey.replace(/.$/, 'x') },
      }),
      encodePayload({ ...good, solution: {} }),
    ];
    for (const altcha of bad) expect(await refusal(altcha), altcha.slice(0, 40)).toEqual(failed);
    // A challenge signed by another server (another secret) fails too.
    const foreign = createSecurityCheck({
      repo: createSecurityCheckRepo(lib.db),
      throttle: createThrottle(lib.db, lib.clock),
      clock: lib.clock,
      secret: 'another-secret-of-another-server-0123456789',
    });
    expect(await refusal(await solve(await foreign.issue(freshIp())))).toEqual(failed);
    // The honest payload still works: nothing above spent it.
    expect(await refusal(encodePayload(good))).toBeNull();
  });

  it(`refuses a solution after ${SECURITY_CHECK_TTL_MIN} minutes by the server's clock; the widget's expiresAt cannot extend it`, async () => {
    const payload = await solve(await fetchChallenge(lib));
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString()) as {
      challenge: AltchaChallenge;
    };
    lib.clock.set(new Date(Date.parse(NOW) + SECURITY_CHECK_TTL_MIN * 60_000 + 1000).toISOString());
    expect(await refusal(payload)).toEqual(failed);
    decoded.challenge.parameters.expiresAt = Date.parse(NOW) / 1000 + 24 * 3600;
    expect(await refusal(encodePayload(decoded))).toEqual(failed);
    // In time it passes (the expiry refusal spent nothing).
    lib.clock.set(new Date(Date.parse(NOW) + 60_000).toISOString());
    expect(await refusal(payload)).toBeNull();
  });

  it('spent solutions are kept until their challenge expires, then pruned', async () => {
    const payload = await solve(await fetchChallenge(lib));
    expect(await refusal(payload)).toBeNull();
    const nonce = (JSON.parse(Buffer.from(payload, 'base64').toString()) as { challenge: AltchaChallenge })
      .challenge.parameters.nonce;
    expect((await spentRows()).map((r) => r.challenge)).toContain(nonce);
    lib.clock.set(new Date(Date.parse(NOW) + (SECURITY_CHECK_TTL_MIN + 1) * 60_000).toISOString());
    const later = await solve(await fetchChallenge(lib));
    expect(await refusal(later)).toBeNull();
    const rows = await spentRows();
    expect(rows.map((r) => r.challenge)).not.toContain(nonce);
    expect(rows).toHaveLength(1);
  });
});
