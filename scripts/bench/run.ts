import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchWeb, formatWebBench } from '../../e2e/bench-web.js';
import { benchLighthouse, formatLighthouseBench } from './lighthouse.js';
import { benchExtract, FORMER_CPU_BOMBS } from './extract-bench.js';
import { benchInbox, formatInboxBench } from './inbox-bench.js';
import { benchChat, formatChatBench } from './chat-bench.js';
import { benchBackup, formatBackupBench } from './backup-bench.js';
import { benchReads, formatReadBench } from './read-bench.js';
import { benchRestart, formatRestartBench } from './restart-bench.js';
import { searchLoad, searchSideBySide } from './search-load.js';
import { benchSummary, formatSummaryBench } from './summary-bench.js';
import { syntheticLibrary } from './synthetic-library.js';
import { benchTranslate, formatTranslateBench } from './translate-bench.js';
import { benchSlowUploads, formatSlowUploads } from './slow-upload-bench.js';
import { benchUploads } from './upload-bench.js';
import { benchTakeover, benchWorkerIngest, formatWorkersBench } from './workers-bench.js';

/**
 * npm run bench [-- --only search|ingest|takeover|upload|translate|summary|chat|web|reads|inbox|restart|backup] [--reports N] [--load-tool autocannon|wrk]
 * [--ingest-mode seed|workers|both] [--rounds N (reads, inbox, restart) --policies rr,none --builds dist-before,dist
 * --soak S (reads: an aged phase after S seconds of mixed traffic; 0 for none, 120 by default)]
 * [--before REF (restart: the build to compare with, where this branch left main by default)]: measures the figures the issues name and writes them to
 * bench-data/results.json. Timings are medians or rates over many runs, never asserted. The ingest
 * mode `workers` (in `both`, the default) runs 1 and 2 `worker` processes on SQLite and PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL), as does `takeover`; with that server, `search` runs
 * on both databases side by side.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATA = join(ROOT, 'bench-data');
const CORPUS = join(ROOT, '..', 'shared', 'corpus', 'reports');

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    reports: { type: 'string', default: '100000' },
    'ingest-mode': { type: 'string', default: 'both' },
    'load-tool': { type: 'string', default: 'autocannon' },
    rounds: { type: 'string' },
    policies: { type: 'string' },
    builds: { type: 'string' },
    soak: { type: 'string' },
    before: { type: 'string' },
  },
});
const want = (name: string) => !values.only || values.only === name;
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${process.arch}, node ${process.version}`,
};
mkdirSync(DATA, { recursive: true });

if (want('search')) {
  const n = Number(values.reports);
  const t0 = performance.now();
  const dir = await syntheticLibrary(DATA, n);
  console.log(`synthetic library of ${n} reports ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // With a PostgreSQL server, both databases side by side (the library copied into a schema of it).
  const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const r = postgres ? await searchSideBySide(DATA, dir, n, postgres) : await searchLoad(dir, n);
  results.search = { reports: n, concurrency: 8, ...r };
  console.log('search', JSON.stringify(results.search, null, 2));
}

const ingestMode = values['ingest-mode'];
if (want('ingest') && ingestMode !== 'workers') {
  const extract = await benchExtract(CORPUS);
  const formerCpuBombs = await benchExtract(join(CORPUS, '..', 'malformed'), FORMER_CPU_BOMBS);
  const tmp = mkdtempSync(join(tmpdir(), 'rl-bench-seed-'));
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'seed', '--count', '100'], {
      cwd: join(ROOT, 'packages', 'server'),
      env: { ...process.env, DATA_DIR: tmp, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    const rate = /([\d.]+) reports\/s/.exec(out)?.[1];
    results.ingest = {
      corpusExtraction: extract,
      formerCpuBombsExtraction: formerCpuBombs,
      seederReportsPerSecond: rate ? Number(rate) : null,
    };
    console.log('ingest', JSON.stringify(results.ingest, null, 2));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (want('ingest') && ingestMode !== 'seed') {
  const ingest = await benchWorkerIngest({ workers: [1, 2], reports: 100 });
  results.ingestWorkers = ingest;
  console.log(formatWorkersBench({ ingest }));
}

if (want('takeover')) {
  const takeover = await benchTakeover({ leasesS: [30, 5], runs: 5 });
  results.takeover = takeover;
  console.log(formatWorkersBench({ takeover }));
}

if (want('upload')) {
  results.upload = await benchUploads(CORPUS);
  console.log('upload', JSON.stringify(results.upload, null, 2));
}

if (want('slow-uploads')) {
  const slow = await benchSlowUploads();
  results.slowUploads = slow;
  console.log(formatSlowUploads(slow));
}

if (want('translate')) {
  const translate = await benchTranslate(CORPUS);
  results.translate = translate;
  console.log(formatTranslateBench(translate));
}

if (want('summary')) {
  const summary = await benchSummary(CORPUS);
  results.summary = summary;
  console.log(formatSummaryBench(summary));
}

if (want('chat')) {
  const chat = await benchChat(CORPUS);
  results.chat = chat;
  console.log(formatChatBench(chat));
}

if (want('reads')) {
  const tool = values['load-tool'] === 'wrk' ? 'wrk' : 'autocannon';
  const list = (v: string | undefined) => v?.split(',').filter(Boolean);
  const reads = await benchReads(DATA, {
    tool,
    rounds: values.rounds ? Number(values.rounds) : undefined,
    policies: list(values.policies) as ('rr' | 'none')[] | undefined,
    builds: list(values.builds),
    soakS: values.soak ? Number(values.soak) : 120,
  });
  results.reads = reads;
  console.log(formatReadBench(reads));
}

if (want('inbox')) {
  const inbox = await benchInbox(DATA, {
    rounds: values.rounds ? Number(values.rounds) : undefined,
    postgres: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  });
  results.inbox = inbox;
  console.log(formatInboxBench(inbox));
}

if (want('restart')) {
  const restart = await benchRestart(DATA, {
    rounds: values.rounds ? Number(values.rounds) : undefined,
    before: values.before,
  });
  results.restart = restart;
  console.log(formatRestartBench(restart));
}

if (want('backup')) {
  const backup = await benchBackup(DATA);
  results.backup = backup;
  console.log(formatBackupBench(backup));
}

if (want('web')) {
  const web = await benchWeb();
  results.web = web;
  console.log(formatWebBench(web));
}

// Only when asked for: it needs the built app and takes a few minutes of Chromium.
if (values.only === 'lighthouse') {
  const lighthouse = await benchLighthouse({ runs: 5 });
  results.lighthouse = lighthouse;
  console.log(formatLighthouseBench(lighthouse));
}

writeFileSync(join(DATA, 'results.json'), JSON.stringify(results, null, 2));
console.log(`results written to ${join(DATA, 'results.json')}`);
