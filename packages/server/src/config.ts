import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ADMIN_TOKEN_TTL_HOURS } from '@rl/contract/constants';
import type { DatabaseSettings } from './db/database.js';
import { parseTrustProxy, type TrustProxy } from './platform/trust-proxy.js';
import type { StorageSettings } from './platform/storage/types.js';
import { UPLOAD_ENV, uploadSettingsFrom, type UploadSettings } from './config-uploads.js';

export {
  CHUNKS_PER_ADDRESS,
  CHUNKS_PER_USER,
  UPLOADS_PER_ADDRESS,
  UPLOADS_PER_USER,
} from './config-uploads.js';

/**
 * The digests' defaults, their one source: the environment's defaults below and the digests
 * module's fallbacks (modules/digests) both read them.
 */
export const DIGEST_DEFAULTS = {
  /** DIGEST_HOUR: the hour of the user's day a digest period starts at. */
  hour: 8,
  /** DIGEST_RUN_INTERVAL_S: how often a process that runs jobs looks for digests owed. */
  runIntervalS: 60,
  /** DIGEST_LEASE_S: how long a claimed digest stays its worker's, far above one send's SMTP limits. */
  leaseS: 300,
} as const;

const intFromEnv = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

/** Environment variables the server reads, with the defaults of the embedded mode. */
const EnvSchema = z.object({
  PORT: intFromEnv(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SIGNING_SECRET: z.string().min(32, 'SIGNING_SECRET must be at least 32 characters').optional(),
  DEPLOY_VARIANT: z.enum(['global', 'cn']).default('global'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_COUNT: intFromEnv(300),
  SEED: intFromEnv(20261121),
  WEB_DIST: z.string().optional(),
  PDF_TIMEOUT_MS: intFromEnv(30_000, 1000),
  PDF_WORKERS: intFromEnv(2, 1),
  JOB_CONCURRENCY: intFromEnv(2, 1),
  JOBS: z.enum(['on', 'off']).default('on'),
  FIRST_PAINT: z.enum(['on', 'off']).default('on'),
  // A dead worker's job waits this long for another worker: at most a minute.
  JOB_LEASE_S: z.coerce.number().int().min(1).max(60).default(30),
  DATABASE_POOL_SIZE: intFromEnv(10, 1),
  HTTP_WORKERS: intFromEnv(Math.min(availableParallelism(), 4), 1),
  // A preview link lives minutes and is renewed while a report is open: at most ten minutes.
  FILE_URL_TTL_S: z.coerce.number().int().min(10).max(600).default(600),
  ...UPLOAD_ENV,
  // Any other request's body must arrive whole within this long (its connection is closed).
  BODY_DEADLINE_S: z.coerce.number().int().min(1).max(300).default(30),
  ICP_LICENSE: z.string().trim().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Research library <no-reply@localhost>'),
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(DIGEST_DEFAULTS.hour),
  DIGEST_RUN_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(DIGEST_DEFAULTS.runIntervalS),
  DIGEST_LEASE_S: z.coerce.number().int().min(1).max(3600).default(DIGEST_DEFAULTS.leaseS),
  TRUSTED_COUNTRY_HEADER: z.string().trim().toLowerCase().optional(),
  GEOIP_CSV: z.string().optional(),
  SESSION_TTL_DAYS: intFromEnv(30, 1),
  // A session unused this long ends (docs/security.md, Sessions ending); at most SESSION_TTL_DAYS.
  SESSION_IDLE_DAYS: intFromEnv(7, 1),
  // The same for a console session, at most its lifetime (ADMIN_TOKEN_TTL_HOURS).
  CONSOLE_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(ADMIN_TOKEN_TTL_HOURS * 60)
    .default(30),
  SEARCH_CACHE_PAGES: intFromEnv(500),
  DEMO_ACCOUNTS: z.enum(['0', '1']).default('1'),
  SUPPORT_EMAIL: z.string().trim().optional(),
  SUPPORT_PHONE: z.string().trim().optional(),
  SUPPORT_HOURS: z.string().trim().optional(),
  LLM_BASE_URL: z
    .string()
    .trim()
    .url('LLM_BASE_URL must be a URL like https://host/v1')
    .optional()
    .or(z.literal('')),
  LLM_API_KEY: z.string().trim().optional(),
  LLM_MODEL: z.string().trim().optional(),
  TRANSLATE_MODEL: z.string().trim().optional(),
  LLM_TIMEOUT_MS: intFromEnv(60_000, 1000),
  STORAGE_URL: z.string().trim().optional(),
  S3_ENDPOINT: z
    .string()
    .trim()
    .url('S3_ENDPOINT must be a URL like http://127.0.0.1:9000')
    .optional()
    .or(z.literal('')),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  TRUST_PROXY: z.string().optional(),
  API_DOCS: z.enum(['public', 'admin', 'off']).optional(),
  NODE_ENV: z.string().optional(),
});

export interface Config extends UploadSettings {
  port: number;
  host: string;
  dataDir: string;
  /** The embedded SQLite file (default) or a PostgreSQL server (DATABASE_URL=postgres://…). */
  database: DatabaseSettings;
  publicUrl: string | null;
  signingSecret: string;
  deployVariant: 'global' | 'cn';
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  seedCount: number;
  seed: number;
  webDist: string;
  /** Whether the search page is sent with its first screen rendered (modules/first-paint). */
  firstPaint: boolean;
  pdfTimeoutMs: number;
  pdfWorkers: number;
  jobConcurrency: number;
  /** Whether `start` runs jobs too (JOBS=off: HTTP only; `worker` processes run them). */
  runJobs: boolean;
  /** How long a running job stays its worker's without a renewal; a dead worker's job waits this long. */
  jobLeaseMs: number;
  /** HTTP processes; 1 = one process does everything. */
  httpWorkers: number;
  fileUrlTtlS: number;
  /** Seconds any request's body but an upload's has to arrive whole before its connection is closed. */
  bodyDeadlineS: number;
  /** ICP filing line shown on the login form in the cn variant. */
  icpLicense: string | null;
  /** SMTP server of outgoing mail; null: the dev outbox under DATA_DIR/outbox. */
  smtpUrl: string | null;
  smtpFrom: string;
  /** The hour a period starts, how often runs are looked for, how long a sender holds a digest. */
  digest: { hour: number; runIntervalMs: number; leaseMs: number };
  /** Request header a trusted CDN puts the visitor's country in (e.g. cf-ipcountry). */
  trustedCountryHeader: string | null;
  /** IP-range CSV files (start,end,country) of the offline GeoIP lookup; empty: lookup off. */
  geoipCsv: string[];
  sessionTtlDays: number;
  /** Days a user session may go unused before it ends (SESSION_IDLE_DAYS ≤ SESSION_TTL_DAYS). */
  sessionIdleDays: number;
  /** Minutes a console session may go unused before it ends. */
  consoleIdleMinutes: number;
  /** Library result pages each HTTP process keeps while the index is unchanged; 0: none. */
  searchCachePages: number;
  /** Create the demo administrator and users on the first start. */
  demoAccounts: boolean;
  /** The support contacts the contact-us page offers (null: not shown). */
  support: { email: string | null; phone: string | null; hours: string | null };
  /** The model provider (OpenAI-compatible); null when LLM_BASE_URL or LLM_MODEL is unset. */
  llm: LlmConfig | null;
  /** Where the PDFs are kept (STORAGE_URL): DATA_DIR/files, another folder, or an S3-compatible bucket. */
  storage: StorageSettings;
  /** Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (TRUST_PROXY); false: none. */
  trustProxy: TrustProxy;
  /**
   * /api/docs: `public` (console routes listed for administrators only), `admin` (administrators
   * only), `off`. Default `public`, `admin` with NODE_ENV=production.
   */
  apiDocs: 'public' | 'admin' | 'off';
}

export interface LlmConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Model of translations (TRANSLATE_MODEL); the chat model when unset. */
  translateModel: string;
  timeoutMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; creates DATA_DIR and the signing secret if absent. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  // Relative paths are read from where the command was typed (npm's INIT_CWD), not the package folder.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(base, e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseFrom(e.DATABASE_URL, e.DATABASE_POOL_SIZE, dataDir, base),
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    signingSecret: e.SIGNING_SECRET ?? loadOrCreateSecret(dataDir),
    deployVariant: e.DEPLOY_VARIANT,
    logLevel: e.LOG_LEVEL,
    seedCount: e.SEED_COUNT,
    seed: e.SEED,
    webDist: e.WEB_DIST
      ? resolve(base, e.WEB_DIST)
      : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    pdfTimeoutMs: e.PDF_TIMEOUT_MS,
    pdfWorkers: e.PDF_WORKERS,
    jobConcurrency: e.JOB_CONCURRENCY,
    runJobs: e.JOBS === 'on',
    firstPaint: e.FIRST_PAINT === 'on',
    jobLeaseMs: e.JOB_LEASE_S * 1000,
    httpWorkers: e.HTTP_WORKERS,
    fileUrlTtlS: e.FILE_URL_TTL_S,
    ...uploadSettingsFrom(e),
    bodyDeadlineS: e.BODY_DEADLINE_S,
    icpLicense: e.ICP_LICENSE || null,
    smtpUrl: e.SMTP_URL ?? null,
    smtpFrom: e.SMTP_FROM,
    digest: {
      hour: e.DIGEST_HOUR,
      runIntervalMs: e.DIGEST_RUN_INTERVAL_S * 1000,
      leaseMs: e.DIGEST_LEASE_S * 1000,
    },
    trustedCountryHeader: e.TRUSTED_COUNTRY_HEADER || null,
    geoipCsv: geoipFiles(e.GEOIP_CSV, base),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sessionIdleDays: sessionIdleDays(e),
    consoleIdleMinutes: e.CONSOLE_IDLE_MINUTES,
    searchCachePages: e.SEARCH_CACHE_PAGES,
    demoAccounts: e.DEMO_ACCOUNTS === '1',
    support: {
      email: e.SUPPORT_EMAIL || null,
      phone: e.SUPPORT_PHONE || null,
      hours: e.SUPPORT_HOURS || null,
    },
    storage: storageFrom(e, dataDir, base),
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'admin' : 'public'),
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.LLM_API_KEY || null,
            model: e.LLM_MODEL,
            translateModel: e.TRANSLATE_MODEL || e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
          }
        : null,
  };
}

/** An idle timeout past the lifetime would never apply: refused rather than silently ignored. */
function sessionIdleDays(e: z.infer<typeof EnvSchema>): number {
  if (e.SESSION_IDLE_DAYS > e.SESSION_TTL_DAYS)
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_IDLE_DAYS: must be at most SESSION_TTL_DAYS (${e.SESSION_TTL_DAYS})`,
    );
  return e.SESSION_IDLE_DAYS;
}

function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof EnvSchema> {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The database a DATABASE_URL-style `url` names, read like DATABASE_URL (db:copy's --from and --to). */
export function databaseSettingsOf(url: string, env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  const base = env.INIT_CWD ?? process.cwd();
  return databaseFrom(url, 4, base, base);
}

/** The store a STORAGE_URL-style `url` names, with the S3_* variables of `env` (db:copy's --files-to). */
export function storageSettingsOf(url: string, env: NodeJS.ProcessEnv = process.env): StorageSettings {
  const base = env.INIT_CWD ?? process.cwd();
  return storageFrom(parseEnv({ ...env, STORAGE_URL: url }), base, base);
}

/** DATABASE_URL: unset → DATA_DIR/library.db; `sqlite:PATH`; `postgres://user@host:port/db`. */
function databaseFrom(
  url: string | undefined,
  poolSize: number,
  dataDir: string,
  base: string,
): DatabaseSettings {
  if (!url) return { kind: 'sqlite', path: resolve(dataDir, 'library.db') };
  if (/^postgres(ql)?:\/\//.test(url)) {
    try {
      new URL(url);
    } catch {
      throw new ConfigError('DATABASE_URL: not a valid postgres:// URL');
    }
    return { kind: 'postgres', url, poolSize };
  }
  if (!/^(sqlite|file):/.test(url)) {
    throw new ConfigError('DATABASE_URL: expected sqlite:PATH or postgres://user@host:port/database');
  }
  const path = url.replace(/^sqlite:(\/\/)?/, '').replace(/^file:/, '');
  if (!path) throw new ConfigError('DATABASE_URL: expected sqlite:PATH');
  return { kind: 'sqlite', path: resolve(base, path) };
}

/**
 * STORAGE_URL: unset → DATA_DIR/files; `file:PATH`; `s3://bucket/prefix` with the S3_* variables
 * (S3_ENDPOINT for an S3-compatible server other than AWS, addressed path-style by default).
 */
function storageFrom(e: z.infer<typeof EnvSchema>, dataDir: string, base: string): StorageSettings {
  const url = e.STORAGE_URL;
  if (!url || url.startsWith('file:')) {
    const s3Only = (
      ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
    )
      .filter((k) => e[k])
      .join(', ');
    if (s3Only) {
      throw new ConfigError(
        `${s3Only}: only used with STORAGE_URL=s3://bucket/prefix (the PDFs would stay local)`,
      );
    }
    if (!url) return { kind: 'local', root: resolve(dataDir, 'files') };
    const path = url.replace(/^file:(\/\/)?/, '');
    if (!path) throw new ConfigError('STORAGE_URL: expected file:PATH');
    return { kind: 'local', root: resolve(base, path) };
  }
  const m = /^s3:\/\/([^/?#]*)(?:\/([^?#]*))?$/.exec(url);
  if (!m) throw new ConfigError('STORAGE_URL: expected file:PATH or s3://bucket/prefix');
  const bucket = m[1] ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      `STORAGE_URL: "${bucket}" is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)`,
    );
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither for the default AWS credential chain',
    );
  }
  const prefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  const endpoint = e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/+$/, '') : null;
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID || null,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE
      ? e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1'
      : endpoint !== null,
  };
}

function trustProxyFrom(value: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (err) {
    throw new ConfigError(`TRUST_PROXY: ${(err as Error).message}`);
  }
}

/**
 * GEOIP_CSV: unset uses the IPv4 and IPv6 tables shipped in @ip-location-db/geo-whois-asn-country;
 * `off` disables the lookup; otherwise comma-separated CSV paths.
 */
function geoipFiles(value: string | undefined, base: string): string[] {
  if (value === undefined) {
    const dir = dirname(
      createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country/package.json'),
    );
    return ['ipv4', 'ipv6'].map((v) => join(dir, `geo-whois-asn-country-${v}-num.csv`));
  }
  if (value.trim() === '' || value.trim() === 'off') return [];
  return value.split(',').map((p) => resolve(base, p.trim()));
}

/** The secret that signs file URLs: kept in DATA_DIR so URLs survive a restart. */
function loadOrCreateSecret(dataDir: string): string {
  const file = resolve(dataDir, 'signing-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
