import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AdminLoginResponse, AltchaChallenge } from '@rl/contract';
import { buildUser } from './accounts.js';
import { call, type TestLibrary } from './harness.js';

/** Helpers of the security-check, DMCA, contact and dashboard tests. */

let ipCounter = 0;
/** A client address of its own: challenges are throttled per IP address. */
export const freshIp = (): string => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** Base64 JSON, as the ALTCHA widget writes its payload. */
export const encodePayload = (payload: unknown): string =>
  Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');

export async function fetchChallenge(lib: TestLibrary, ip = freshIp()): Promise<AltchaChallenge> {
  const r = await call<AltchaChallenge>(lib.app, '/api/pub/recapcha', undefined, { method: 'GET', ip });
  if (r.status !== 200) throw new Error(`recapcha answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Solves the challenge for real with altcha-lib's solver; answers the widget's payload. */
export async function solve(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution found');
  return encodePayload({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
}

export const solvedCheck = async (lib: TestLibrary): Promise<string> => solve(await fetchChallenge(lib));

/** An administrator logged in through /api/manage/admin/login. */
export async function adminToken(lib: TestLibrary): Promise<{ id: string; username: string; token: string }> {
  const password = 'Adm1nPassw0rd';
  const a = await buildUser(lib.db, { password, roles: ['admin', 'user'] });
  const r = await call<AdminLoginResponse>(
    lib.app,
    '/api/manage/admin/login',
    { username: a.username, passwd: password },
    { ip: freshIp() },
  );
  if (r.status !== 200) throw new Error(`admin login answered ${r.status}`);
  return { id: a.id, username: a.username, token: r.body.token };
}
