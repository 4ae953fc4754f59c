/**
 * Login figures (docs/benchmarks.md): the median server time of a successful login, password
 * hashing at the production (OWASP) cost included, and how many login attempts one IP address can
 * make in a minute before the 429.
 *
 *   node --import tsx scripts/bench/login-bench.ts [--logins 20]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { migrateToLatest } from '../../packages/server/src/db/database.js';
import { createPasswordHasher, OWASP_SCRYPT } from '../../packages/server/src/platform/password.js';
import { openLibrary } from '../../packages/server/src/wiring/library.js';

const { values } = parseArgs({ options: { logins: { type: 'string', default: '20' } } });
const LOGINS = Number(values.logins);

const dir = mkdtempSync(join(tmpdir(), 'rl-bench-login-'));
const config = loadConfig({
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  WEB_DIST: join(dir, 'none'),
  GEOIP_CSV: 'off',
});
const lib = openLibrary(config, pino({ level: 'silent' }));
await migrateToLatest(lib.db);
const hasher = createPasswordHasher();
const app = await buildApp(lib, { passwords: hasher });
const now = new Date().toISOString();
await lib.repos.users.insert({
  username: 'bench_user',
  email: 'bench@example.com',
  phone: null,
  phone_country_code: null,
  password_hash: await hasher.hash('BenchPass1'),
  device_check: 0,
  created_time: now,
  updated_time: now,
});

const login = (passwd: string, ip: string, username = 'bench_user') =>
  app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: ip,
    headers: { 'x-fingerprint': 'bench' },
    payload: { username, passwd },
  });

// Median of successful logins, each from its own address (the IP throttle is measured below).
const times: number[] = [];
for (let i = 0; i < LOGINS; i++) {
  const t0 = performance.now();
  const res = await login('BenchPass1', `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`);
  times.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;

// Attempts from one IP (unknown accounts, so the per-account lock does not interfere) until 429.
const t1 = performance.now();
let allowed = 0;
for (;;) {
  const res = await login('WrongPass1', '10.99.0.1', `nobody_${allowed}`);
  if (res.statusCode === 429) break;
  allowed++;
  if (allowed > 1000) throw new Error('no 429 after 1000 attempts');
}
const spentS = (performance.now() - t1) / 1000;

console.log(`scrypt cost: N=2^${OWASP_SCRYPT.log2N}, r=${OWASP_SCRYPT.r}, p=${OWASP_SCRYPT.p}`);
console.log(
  `login median server time: ${median.toFixed(0)} ms over ${LOGINS} logins (min ${times[0]?.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms)`,
);
console.log(
  `login attempts one IP can make per minute before 429: ${allowed} (attempt ${allowed + 1} answered 429; took ${spentS.toFixed(1)} s)`,
);

await app.close();
await lib.close();
rmSync(dir, { recursive: true, force: true });
