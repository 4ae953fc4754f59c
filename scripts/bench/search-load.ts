import { execFileSync } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { demoToken, runServer } from './server-process.js';

/** The fixed query mix of the search benchmark (issue 2); the rare word is read from the library. */
const queryMix = (rareWord: string): { name: string; body: object }[] => [
  { name: 'common word', body: { keyword: 'market', page_id: 1 } },
  { name: 'rare word', body: { keyword: rareWord, page_id: 1 } },
  { name: 'two words', body: { keyword: 'inflation outlook', page_id: 1 } },
  { name: 'chinese word', body: { keyword: '新能源', page_id: 1 } },
  {
    name: 'filters only',
    body: { keyword: '', page_id: 1, filter: { asset_class: 'Rates', country: 'Japan', min_page: 5 } },
  },
  { name: 'empty keyword by date', body: { keyword: '', page_id: 1 } },
];

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  perQuery: Record<string, { p50: number; p99: number; total_items: number }>;
  /** The same mix from wrk (a C load generator, lighter on the shared cores), when installed. */
  wrk: { rps: number; p50: number; p99: number } | null;
  dbBytesPer1000: number;
}

const WRK = '/usr/bin/wrk';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Starts the real server on the library in `dataDir` and sends the mix at a fixed concurrency. */
export async function searchLoad(
  dataDir: string,
  n: number,
  opts = { concurrency: 8, requests: 6000 },
): Promise<LoadResult> {
  const QUERY_MIX = queryMix(rareWordOf(join(dataDir, 'library.db')));
  const server = await runServer({ DATA_DIR: dataDir, SEED_COUNT: '0' });
  try {
    // Searches count against the free plan's quota: the benchmark searches as the paid demo user.
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${await demoToken(server.url, dataDir, 'paid user')}`,
    };
    const send = async (body: object) => {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/file/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { total_items: number };
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      return { ms: performance.now() - t, total: json.total_items };
    };
    for (let i = 0; i < 60; i++) await send(QUERY_MIX[i % QUERY_MIX.length]!.body); // warm up
    const samples: { q: number; ms: number; total: number }[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < opts.requests) {
          const q = next++ % QUERY_MIX.length;
          samples.push({ q, ...(await send(QUERY_MIX[q]!.body)) });
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const all = samples.map((s) => s.ms).sort((a, b) => a - b);
    const perQuery: LoadResult['perQuery'] = {};
    QUERY_MIX.forEach((q, i) => {
      const mine = samples.filter((s) => s.q === i);
      const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
      perQuery[`${q.name}: ${JSON.stringify(q.body)}`] = {
        p50: round(pct(ms, 50)),
        p99: round(pct(ms, 99)),
        total_items: mine[0]?.total ?? 0,
      };
    });
    const wrk = existsSync(WRK)
      ? wrkLoad(
          server.url,
          headers,
          QUERY_MIX.map((q) => q.body),
          opts.concurrency,
        )
      : null;
    const dbBytes = statSync(join(dataDir, 'library.db')).size;
    return {
      requests: samples.length,
      seconds: round(seconds),
      rps: round(samples.length / seconds),
      p50: round(pct(all, 50)),
      p99: round(pct(all, 99)),
      perQuery,
      wrk,
      dbBytesPer1000: Math.round(dbBytes / (n / 1000)),
    };
  } finally {
    await server.stop();
  }
}

/** A word found in roughly 0.1% of the reports. */
function rareWordOf(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const row = db
      .prepare(
        "SELECT term FROM impact_terms WHERE docs BETWEEN 50 AND 150 AND term GLOB '[a-z][a-z][a-z]*' ORDER BY term LIMIT 1",
      )
      .get() as { term: string } | undefined;
    return row?.term ?? 'zyzzyva';
  } finally {
    db.close();
  }
}

const round = (x: number) => Math.round(x * 100) / 100;

/** Logs in as the paid demo user of DATA_DIR/demo-accounts.txt and answers the token. */

/** Runs the mix through wrk for 20 s at the same concurrency; answers rate and latency percentiles. */
function wrkLoad(url: string, headers: Record<string, string>, bodies: object[], concurrency: number) {
  const script = join(tmpdir(), `rl-search-mix-${process.pid}.lua`);
  const lua = (text: string) => `[==[${text}]==]`;
  writeFileSync(
    script,
    [
      `local bodies = { ${bodies.map((b) => lua(JSON.stringify(b))).join(', ')} }`,
      `local headers = { ${Object.entries(headers)
        .map(([k, v]) => `[ ${lua(k)} ] = ${lua(v)}`)
        .join(', ')} }`,
      'local i = 0',
      'request = function()',
      '  i = i + 1',
      '  return wrk.format("POST", "/api/file/search", headers, bodies[(i % #bodies) + 1])',
      'end',
      'done = function(summary, latency, requests)',
      '  io.write(string.format("RESULT %d %f %f %f\\n", summary.requests, summary.duration,',
      '    latency:percentile(50), latency:percentile(99)))',
      'end',
    ].join('\n'),
  );
  const args = ['-t1', `-c${concurrency}`, '-s', script, url];
  execFileSync(WRK, ['-d3s', ...args]); // warm up
  const out = execFileSync(WRK, ['-d20s', ...args], { encoding: 'utf8' });
  const [, requests, micros, p50, p99] = /RESULT (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(out) ?? [];
  return {
    rps: round(Number(requests) / (Number(micros) / 1e6)),
    p50: round(Number(p50) / 1000),
    p99: round(Number(p99) / 1000),
  };
}
