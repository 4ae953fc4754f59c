import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseSettings } from './db/database.js';

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
  DATABASE_POOL_SIZE: intFromEnv(10, 1),
  HTTP_WORKERS: intFromEnv(Math.min(availableParallelism(), 4), 1),
  FILE_URL_TTL_S: intFromEnv(3600, 10),
  ICP_LICENSE: z.string().trim().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Research library <no-reply@localhost>'),
  TRUSTED_COUNTRY_HEADER: z.string().trim().toLowerCase().optional(),
  GEOIP_CSV: z.string().optional(),
  SESSION_TTL_DAYS: intFromEnv(30, 1),
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
});

export interface Config {
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
  pdfTimeoutMs: number;
  pdfWorkers: number;
  jobConcurrency: number;
  /** Whether `start` runs jobs too (JOBS=off: HTTP only; `worker` processes run them). */
  runJobs: boolean;
  /** HTTP processes; 1 = one process does everything. */
  httpWorkers: number;
  fileUrlTtlS: number;
  /** ICP filing line shown on the login form in the cn variant. */
  icpLicense: string | null;
  /** SMTP server of outgoing mail; null: the dev outbox under DATA_DIR/outbox. */
  smtpUrl: string | null;
  smtpFrom: string;
  /** Request header a trusted CDN puts the visitor's country in (e.g. cf-ipcountry). */
  trustedCountryHeader: string | null;
  /** IP-range CSV files (start,end,country) of the offline GeoIP lookup; empty: lookup off. */
  geoipCsv: string[];
  sessionTtlDays: number;
  /** Create the demo administrator and users on the first start. */
  demoAccounts: boolean;
  /** The support contacts the contact-us page offers (null: not shown). */
  support: { email: string | null; phone: string | null; hours: string | null };
  /** The model provider (OpenAI-compatible); null when LLM_BASE_URL or LLM_MODEL is unset. */
  llm: LlmConfig | null;
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
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
    httpWorkers: e.HTTP_WORKERS,
    fileUrlTtlS: e.FILE_URL_TTL_S,
    icpLicense: e.ICP_LICENSE || null,
    smtpUrl: e.SMTP_URL ?? null,
    smtpFrom: e.SMTP_FROM,
    trustedCountryHeader: e.TRUSTED_COUNTRY_HEADER || null,
    geoipCsv: geoipFiles(e.GEOIP_CSV, base),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    demoAccounts: e.DEMO_ACCOUNTS === '1',
    support: {
      email: e.SUPPORT_EMAIL || null,
      phone: e.SUPPORT_PHONE || null,
      hours: e.SUPPORT_HOURS || null,
    },
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

/** The configuration as printed at start: secrets masked. */
export function describeConfig(c: Config): Record<string, unknown> {
  return {
    ...c,
    database:
      c.database.kind === 'postgres'
        ? { ...c.database, url: c.database.url.replace(/\/\/[^@/]*@/, '//***@') }
        : c.database,
    signingSecret: '***',
    smtpUrl: c.smtpUrl ? c.smtpUrl.replace(/\/\/[^@/]*@/, '//***@') : null,
    llm: c.llm
      ? {
          ...c.llm,
          baseUrl: c.llm.baseUrl.replace(/\/\/[^@/]*@/, '//***@'),
          apiKey: c.llm.apiKey ? '***' : null,
        }
      : null,
  };
}
