/**
 * Lighthouse (npm `lighthouse`, its default mobile emulation: a mid-range phone, slow 4G and a 4x
 * slower CPU, simulated) on the search page, against Debian's Chromium. Each run is a fresh
 * Chromium profile (cold cache); the figures are the medians of the runs.
 *
 *   npm run bench -- --only lighthouse                                  (starts the built app)
 *   node --import tsx scripts/bench/lighthouse.ts [--runs 5] [--url http://127.0.0.1:3000] [--baseline-url URL]
 *       [--path /home/file] [--save DIR]
 *
 * Without --url it starts the compiled server (npm run build first) twice, each on a temp data
 * folder seeded with the same demo reports on the loopback: as shipped, and the baseline without
 * the first screen rendered by the server (FIRST_PAINT=off); runs alternate between the two.
 * --url measures a running server (and --baseline-url another one beside it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { median } from './stats.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Demo reports in the measured library. */
const SEED_COUNT = 30;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

type Category = (typeof CATEGORIES)[number];
type Metric = keyof typeof METRICS;

export interface LighthouseRun {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Audits of the accessibility and best-practices categories that did not pass. */
  failed: string[];
}

export interface LighthouseResult {
  url: string;
  runs: LighthouseRun[];
  median: { scores: Record<Category, number>; metrics: Record<Metric, number> };
}

/** Chromium with a fresh profile and its DevTools port, which Lighthouse drives. */
async function launchChromium(userDataDir: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    // Its own process group, so its helper processes end with it (they write the profile).
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let buf = '';
    child.stderr!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(buf);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${buf}`)));
  });
  child.stderr!.resume();
  return { port, child };
}

/** One Lighthouse run on a fresh Chromium. */
async function runOnce(url: string, saveDir?: string): Promise<LighthouseRun> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'rl-lighthouse-'));
  const chrome = await launchChromium(userDataDir);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      writeFileSync(join(saveDir, `lighthouse-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([k, id]) => [
        k,
        Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000,
      ]),
    ) as Record<Metric, number>;
    const failed = (['accessibility', 'best-practices'] as const).flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .map((a) => `${c}: ${a!.id}`),
    );
    return { scores, metrics, failed };
  } finally {
    if (chrome.child.exitCode === null && chrome.child.signalCode === null) {
      await new Promise((resolve) => {
        chrome.child.once('exit', resolve);
        process.kill(-chrome.child.pid!, 'SIGTERM');
      });
    }
    try {
      process.kill(-chrome.child.pid!, 'SIGKILL'); // helpers that outlived the browser
    } catch {
      // none left
    }
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/** The medians of the runs' scores and metrics. */
function summarise(url: string, all: LighthouseRun[]): LighthouseResult {
  const med = <K extends string>(keys: readonly K[], pick: (r: LighthouseRun, k: K) => number) =>
    Object.fromEntries(keys.map((k) => [k, median(all.map((r) => pick(r, k)))])) as Record<K, number>;
  return {
    url,
    runs: all,
    median: {
      scores: med(CATEGORIES, (r, k) => r.scores[k]),
      metrics: med(Object.keys(METRICS) as Metric[], (r, k) => r.metrics[k]),
    },
  };
}

/** The compiled server (packages/server/dist) on a temp library with a few demo reports. */
async function startBuiltServer(
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const main = join(ROOT, 'packages', 'server', 'dist', 'main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'packages', 'web', 'dist', 'index.html'))) {
    throw new Error('build the app first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rl-lighthouse-data-'));
  const child = spawn(process.execPath, [main, 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      HTTP_WORKERS: '1',
      SEED_COUNT: String(SEED_COUNT),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /"msg":"server listening"[^\n]*|[^\n]*"msg":"server listening"/.exec(buf);
      const at = m && /"url":"(http:\/\/[^"]+)"/.exec(m[0]);
      if (at) resolve(at[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  child.stdout.resume();
  await waitForReports(url);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Waits until every seeded report is searchable: the page measured is full, and no extraction runs
 * beside Chromium (it would slow the observed tasks that Lighthouse scales up).
 */
async function waitForReports(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const res = await fetch(`${url}/api/file/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint': 'lighthouse-bench' },
      body: '{}',
    });
    const body = (await res.json()) as { total_items?: number };
    if ((body.total_items ?? 0) >= SEED_COUNT) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo library did not fill up');
}

/** The measured build and, run for run beside it, its baseline. */
export interface LighthouseComparison {
  shipped: LighthouseResult;
  baseline: LighthouseResult | null;
}

/** What the baseline server leaves out: the search page's first screen rendered by the server. */
const BASELINE_ENV = { FIRST_PAINT: 'off' };

/**
 * Runs against `serverUrl` (and `baselineUrl`), or against two started built servers: as shipped
 * and the baseline. Baseline and shipped runs alternate, so a change in the machine's load falls
 * on both.
 */
export async function benchLighthouse(
  opts: { runs?: number; serverUrl?: string; baselineUrl?: string; path?: string; saveDir?: string } = {},
): Promise<LighthouseComparison> {
  const servers = opts.serverUrl
    ? []
    : await Promise.all([startBuiltServer({}), startBuiltServer(BASELINE_ENV)]);
  try {
    const path = opts.path ?? '/home/file';
    const shippedUrl = `${opts.serverUrl ?? servers[0]!.url}${path}`;
    const baseline = opts.serverUrl ? opts.baselineUrl : servers[1]!.url;
    const baselineUrl = baseline ? `${baseline}${path}` : null;
    const shipped: LighthouseRun[] = [];
    const before: LighthouseRun[] = [];
    for (let i = 0; i < (opts.runs ?? 5); i++) {
      if (baselineUrl) before.push(await runOnce(baselineUrl, opts.saveDir));
      shipped.push(await runOnce(shippedUrl, opts.saveDir));
    }
    return {
      shipped: summarise(shippedUrl, shipped),
      baseline: baselineUrl ? summarise(baselineUrl, before) : null,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export function formatLighthouseBench({ shipped, baseline }: LighthouseComparison): string {
  return [
    ...(baseline ? [formatResult('baseline (FIRST_PAINT=off, or --baseline-url)', baseline)] : []),
    formatResult('shipped', shipped),
  ].join('\n');
}

function formatResult(name: string, r: LighthouseResult): string {
  const { scores, metrics } = r.median;
  const lines = [
    `lighthouse ${name} (mobile, median of ${r.runs.length}) ${r.url}`,
    `  performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores['best-practices']}`,
    `  FCP ${Math.round(metrics.fcpMs)} ms, LCP ${Math.round(metrics.lcpMs)} ms, TBT ${Math.round(metrics.tbtMs)} ms, ` +
      `CLS ${metrics.cls}, Speed Index ${Math.round(metrics.speedIndexMs)} ms`,
    ...r.runs.map(
      (run, i) =>
        `  run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ')}` +
        (run.failed.length ? `; not passed: ${run.failed.join(', ')}` : ''),
    ),
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      url: { type: 'string' },
      'baseline-url': { type: 'string' },
      path: { type: 'string' },
      // Keeps each run's full report (JSON) there, to see where the time went.
      save: { type: 'string' },
    },
  });
  const result = await benchLighthouse({
    runs: Number(values.runs),
    ...(values.url ? { serverUrl: values.url } : {}),
    ...(values['baseline-url'] ? { baselineUrl: values['baseline-url'] } : {}),
    ...(values.path ? { path: values.path } : {}),
    ...(values.save ? { saveDir: values.save } : {}),
  });
  console.log(formatLighthouseBench(result));
}
