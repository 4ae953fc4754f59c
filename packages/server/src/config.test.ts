import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { describeConfig } from './config-description.js';
import { DIGEST_RUN_INTERVAL_MS } from './modules/digests/schedule.js';
import { DIGEST_LEASE_MS } from './modules/digests/send.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'rl-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('uses the embedded defaults and keeps a generated signing secret in DATA_DIR', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.database).toEqual({ kind: 'sqlite', path: join(dir, 'library.db') });
    expect(a.runJobs).toBe(true);
    expect(a.searchCachePages).toBe(500);
    expect(loadConfig({ DATA_DIR: dir, SEARCH_CACHE_PAGES: '0' }).searchCachePages).toBe(0);
    expect(a.signingSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, 'signing-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).signingSecret).toBe(a.signingSecret);
    expect(readFileSync(join(dir, 'signing-secret'), 'utf8').trim()).toBe(a.signingSecret);
  });
  it('gives the digests the same defaults their module falls back on', () => {
    const { digest } = loadConfig({ DATA_DIR: tmp() });
    expect(digest).toEqual({ hour: 8, runIntervalMs: DIGEST_RUN_INTERVAL_MS, leaseMs: DIGEST_LEASE_MS });
    expect(DIGEST_RUN_INTERVAL_MS).toBe(60_000);
    expect(DIGEST_LEASE_MS).toBe(300_000);
  });
  it('never prints the secret', () => {
    const c = loadConfig({ DATA_DIR: tmp(), SIGNING_SECRET: 's'.repeat(40) });
    expect(JSON.stringify(describeConfig(c))).not.toContain('s'.repeat(40));
  });
  it('rejects bad values with the variable named', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), SIGNING_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), DEPLOY_VARIANT: 'mars' })).toThrow(/DEPLOY_VARIANT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://[x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), JOBS: 'maybe' })).toThrow(/JOBS/);
    expect(() => loadConfig({ DATA_DIR: tmp(), JOB_LEASE_S: '61' })).toThrow(/JOB_LEASE_S/);
    expect(() => loadConfig({ DATA_DIR: tmp(), SEARCH_CACHE_PAGES: '-1' })).toThrow(/SEARCH_CACHE_PAGES/);
  });
  it('reads the idle timeouts of sessions within their lifetimes, 7 days and 30 minutes by default', () => {
    const d = loadConfig({ DATA_DIR: tmp() });
    expect([d.sessionIdleDays, d.consoleIdleMinutes]).toEqual([7, 30]);
    const c = loadConfig({ DATA_DIR: tmp(), SESSION_IDLE_DAYS: '30', CONSOLE_IDLE_MINUTES: '720' });
    expect([c.sessionIdleDays, c.consoleIdleMinutes]).toEqual([30, 720]);
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_IDLE_DAYS: '31' })).toThrow(
      /SESSION_IDLE_DAYS: must be at most SESSION_TTL_DAYS \(30\)/,
    );
    expect(
      loadConfig({ DATA_DIR: tmp(), SESSION_TTL_DAYS: '90', SESSION_IDLE_DAYS: '31' }).sessionIdleDays,
    ).toBe(31);
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_IDLE_DAYS: 'week' })).toThrow(/SESSION_IDLE_DAYS/);
    expect(() => loadConfig({ DATA_DIR: tmp(), CONSOLE_IDLE_MINUTES: '4' })).toThrow(/CONSOLE_IDLE_MINUTES/);
    expect(() => loadConfig({ DATA_DIR: tmp(), CONSOLE_IDLE_MINUTES: '721' })).toThrow(
      /CONSOLE_IDLE_MINUTES/,
    );
  });
  it('reads a PostgreSQL URL and JOBS=off, never printing the password', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      DATABASE_URL: 'postgres://lib:hunter2secret@db.internal:5432/library',
      JOBS: 'off',
    });
    expect(c.database).toEqual({
      kind: 'postgres',
      url: 'postgres://lib:hunter2secret@db.internal:5432/library',
      poolSize: 10,
    });
    expect(c.runJobs).toBe(false);
    expect(JSON.stringify(describeConfig(c))).not.toContain('hunter2secret');
  });
  it('configures the model provider only with LLM_BASE_URL and LLM_MODEL, never printing the key', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).llm).toBeNull();
    expect(loadConfig({ DATA_DIR: tmp(), LLM_BASE_URL: 'http://127.0.0.1:9/v1' }).llm).toBeNull();
    const c = loadConfig({
      DATA_DIR: tmp(),
      LLM_BASE_URL: 'http://127.0.0.1:9/v1/',
      LLM_MODEL: 'm1',
      LLM_API_KEY: 'sk-' + 'k'.repeat(30),
      LLM_TIMEOUT_MS: '5000',
    });
    expect(c.llm).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-' + 'k'.repeat(30),
      model: 'm1',
      translateModel: 'm1',
      timeoutMs: 5000,
    });
    expect(JSON.stringify(describeConfig(c))).not.toContain('k'.repeat(30));
    expect(() => loadConfig({ DATA_DIR: tmp(), LLM_BASE_URL: 'not a url', LLM_MODEL: 'm' })).toThrow(
      /LLM_BASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), LLM_TIMEOUT_MS: '10' })).toThrow(/LLM_TIMEOUT_MS/);
  });
});

describe('STORAGE_URL', () => {
  it('keeps the PDFs in DATA_DIR/files by default, or in the folder of file:PATH', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({ kind: 'local', root: join(dir, 'files') });
    expect(loadConfig({ DATA_DIR: dir, STORAGE_URL: `file:${dir}/pdfs` }).storage).toEqual({
      kind: 'local',
      root: join(dir, 'pdfs'),
    });
    expect(loadConfig({ DATA_DIR: dir, STORAGE_URL: `file://${dir}/pdfs/` }).storage).toEqual({
      kind: 'local',
      root: join(dir, 'pdfs'),
    });
  });

  it('reads s3://bucket/prefix and the S3 variables, never printing the keys', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      STORAGE_URL: 's3://research-pdfs/library/prod/',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEYID1234',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMIsecretsecretEXAMPLEKEY',
    });
    expect(c.storage).toEqual({
      kind: 's3',
      bucket: 'research-pdfs',
      prefix: 'library/prod/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLEKEYID1234',
      secretAccessKey: 'wJalrXUtnFEMIsecretsecretEXAMPLEKEY',
      forcePathStyle: true,
    });
    const printed = JSON.stringify(describeConfig(c));
    expect(printed).not.toContain('AKIAEXAMPLEKEYID1234');
    expect(printed).not.toContain('wJalrXUtnFEMIsecretsecretEXAMPLEKEY');
    expect(printed).toContain('research-pdfs');
  });

  it('uses AWS with virtual-hosted addressing and the default credential chain when only a bucket is set', () => {
    const c = loadConfig({ DATA_DIR: tmp(), STORAGE_URL: 's3://research-pdfs', S3_REGION: 'eu-west-1' });
    expect(c.storage).toEqual({
      kind: 's3',
      bucket: 'research-pdfs',
      prefix: '',
      endpoint: null,
      region: 'eu-west-1',
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
    const pathStyle = loadConfig({
      DATA_DIR: tmp(),
      STORAGE_URL: 's3://research-pdfs/x',
      S3_ENDPOINT: 'https://minio.internal',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(pathStyle.storage).toMatchObject({ forcePathStyle: false, prefix: 'x/' });
  });

  it('rejects a bad URL, a bad bucket, half a key pair and S3 settings without an s3:// URL', () => {
    const bad = (env: Record<string, string>, message: RegExp) => {
      expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(message);
    };
    bad({ STORAGE_URL: 'gs://bucket/x' }, /STORAGE_URL: expected file:PATH or s3:\/\/bucket\/prefix/);
    bad({ STORAGE_URL: 's3://' }, /STORAGE_URL: "" is not a bucket name/);
    bad({ STORAGE_URL: 's3://Bad_Bucket/x' }, /STORAGE_URL: "Bad_Bucket" is not a bucket name/);
    bad({ STORAGE_URL: 'file:' }, /STORAGE_URL: expected file:PATH/);
    bad({ STORAGE_URL: 's3://pdfs', S3_ACCESS_KEY_ID: 'id-only' }, /S3_SECRET_ACCESS_KEY/);
    bad({ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT: only used with STORAGE_URL=s3:/);
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), STORAGE_URL: 's3://pdfs', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
