import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { median } from './stats.js';
import { postgresSchemaBytes, postgresSyntheticLibrary } from './search-postgres-library.js';
import { demoToken, runServer } from './server-process.js';
import { hasWrk, runWrk } from './wrk-load.js';

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
  { name: 'rating filter', body: { keyword: '', page_id: 1, filter: { rating: ['sell'] } } },
  {
    name: 'sector filter',
    body: { keyword: '', page_id: 1, filter: { sector: ['semiconductors'], rating: ['buy'] } },
  },
];

/** The mix's queries also measured alone: the research filters and the filter-only query they are held to. */
const ALONE = ['filters only', 'rating filter', 'sector filter'];

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  perQuery: Record<string, { p50: number; p99: number; total_items: number }>;
  /** The same mix from wrk (a C load generator, lighter on the shared cores), when installed. */
  wrk: { rps: number; p50: number; p99: number } | null;
  /**
   * The filter queries each alone at the same concurrency (wrk), when installed: in the mix a
   * query's latency is mostly the wait behind the queries sent beside it, alone it is its own cost.
   */
  alone: Record<string, { rps: number; p50: number; p99: number }> | null;
  dbBytesPer1000: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Where the server under load keeps its data: DATA_DIR, and DATABASE_URL for PostgreSQL. */
interface SearchTarget {
  dataDir: string;
  databaseUrl?: string;
  /** Bytes the library's database takes. */
  bytes(): Promise<number>;
}

/**
 * Starts the real server on the library in `target` and sends the mix at a fixed concurrency.
 * `rareWord`: the mix's rare word (read from the SQLite copy when both modes run, so they agree).
 */
export async function searchLoad(
  target: SearchTarget | string,
  n: number,
  opts: { concurrency: number; requests: number; rareWord?: string } = { concurrency: 8, requests: 6000 },
): Promise<LoadResult> {
  const t: SearchTarget =
    typeof target === 'string'
      ? { dataDir: target, bytes: async () => statSync(join(target, 'library.db')).size }
      : target;
  const dataDir = t.dataDir;
  const QUERY_MIX = queryMix(opts.rareWord ?? rareWordOf(join(dataDir, 'library.db')));
  const server = await runServer({
    DATA_DIR: dataDir,
    SEED_COUNT: '0',
    // The mix repeats six queries: with the page cache it would measure memory, not the search.
    SEARCH_CACHE_PAGES: '0',
    ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}),
  });
  try {
    // Searches count against the free plan's quota: the benchmark searches as the paid demo user.
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${await paidToken(server.url, dataDir)}`,
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
    const withWrk = hasWrk();
    const wrk = withWrk
      ? await searchWrk(
          server.url,
          headers,
          QUERY_MIX.map((q) => q.body),
          opts.concurrency,
        )
      : null;
    let alone: Record<string, Awaited<ReturnType<typeof searchWrk>>> | null = null;
    if (withWrk) {
      alone = {};
      for (const q of QUERY_MIX.filter((q) => ALONE.includes(q.name)))
        alone[q.name] = await searchWrk(server.url, headers, [q.body], opts.concurrency, 10);
    }
    const dbBytes = await t.bytes();
    return {
      requests: samples.length,
      seconds: round(seconds),
      rps: round(samples.length / seconds),
      p50: round(pct(all, 50)),
      p99: round(pct(all, 99)),
      perQuery,
      wrk,
      alone,
      dbBytesPer1000: Math.round(dbBytes / (n / 1000)),
    };
  } finally {
    await server.stop();
  }
}

export interface SideBySide {
  sqlite: LoadResult;
  postgres: LoadResult;
  /** PostgreSQL over SQLite, for the whole mix. */
  ratio: { p50: number; p99: number };
  /**
   * The common-word query on PostgreSQL, one request at a time: through HTTP (median ms) against
   * plain ts_rank over every match in SQL alone (median ms), and how many times faster.
   */
  commonWord: { keyword: string; matches: number; httpMs: number; plainTsRankMs: number; speedup: number };
  buildSeconds: number;
}

/**
 * The search figure on both databases in one run: the synthetic library of `sqliteDir` copied into
 * a schema of `postgresUrl`, then the same mix at the same concurrency against a server on each,
 * then the common word against the plain ts_rank baseline.
 */
export async function searchSideBySide(
  root: string,
  sqliteDir: string,
  n: number,
  postgresUrl: string,
  opts = { concurrency: 8, requests: 6000 },
): Promise<SideBySide> {
  const t0 = performance.now();
  const lib = await postgresSyntheticLibrary(root, sqliteDir, n, postgresUrl);
  const buildSeconds = round((performance.now() - t0) / 1000);
  const rareWord = rareWordOf(join(sqliteDir, 'library.db'));
  const sqlite = await searchLoad(sqliteDir, n, { ...opts, rareWord });
  const target: SearchTarget = {
    dataDir: lib.dataDir,
    databaseUrl: lib.url,
    bytes: () => postgresSchemaBytes(postgresUrl, lib.schema),
  };
  const postgres = await searchLoad(target, n, { ...opts, rareWord });
  const commonWord = await commonWordAgainstTsRank(target, lib.url);
  return {
    sqlite,
    postgres,
    ratio: { p50: round(postgres.p50 / sqlite.p50), p99: round(postgres.p99 / sqlite.p99) },
    commonWord,
    buildSeconds,
  };
}

/**
 * The mix's common word, typed as in the mix (so its last word is a prefix): the server's answer
 * (champion lists, cached exact count) against ranking every match with ts_rank, the same tsquery.
 */
async function commonWordAgainstTsRank(target: SearchTarget, url: string): Promise<SideBySide['commonWord']> {
  const keyword = 'market';
  const tsquery = `'${keyword}':*`;
  const server = await runServer({ DATA_DIR: target.dataDir, SEED_COUNT: '0', DATABASE_URL: url });
  const http: number[] = [];
  let matches = 0;
  try {
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${await paidToken(server.url, target.dataDir)}`,
    };
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/file/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ keyword, page_id: 1 }),
      });
      matches = ((await res.json()) as { total_items: number }).total_items;
      if (i >= 10) http.push(performance.now() - t); // the first ones warm the caches
    }
  } finally {
    await server.stop();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plain: number[] = [];
  try {
    for (let i = 0; i < 8; i++) {
      const t = performance.now();
      await client.query(
        `SELECT rowid FROM files_fts WHERE tsv @@ $1::tsquery
          ORDER BY ts_rank(tsv, $1::tsquery) DESC, rowid DESC LIMIT 20`,
        [tsquery],
      );
      if (i >= 1) plain.push(performance.now() - t);
    }
  } finally {
    await client.end();
  }
  const httpMs = round(median(http));
  const plainTsRankMs = round(median(plain));
  return { keyword, matches, httpMs, plainTsRankMs, speedup: round(plainTsRankMs / httpMs) };
}

/**
 * The paid demo user's token. On a library's first start the server writes the demo accounts just
 * after it starts listening, so their file may take a moment to appear.
 */
async function paidToken(url: string, dataDir: string): Promise<string> {
  for (let i = 0; i < 300 && !existsSync(join(dataDir, 'demo-accounts.txt')); i++)
    await new Promise((r) => setTimeout(r, 100));
  return demoToken(url, dataDir, 'paid user');
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

/** Runs the mix through wrk (20 s) at the same concurrency; answers rate and latency percentiles. */
async function searchWrk(
  url: string,
  headers: Record<string, string>,
  bodies: object[],
  concurrency: number,
  seconds = 20,
) {
  const lua = (text: string) => `[==[${text}]==]`;
  const script = [
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
  ].join('\n');
  await runWrk(url, script, { connections: concurrency, seconds: 3 }); // warm up
  const out = await runWrk(url, script, { connections: concurrency, seconds });
  const [, requests, micros, p50, p99] = /RESULT (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(out) ?? [];
  return {
    rps: round(Number(requests) / (Number(micros) / 1e6)),
    p50: round(Number(p50) / 1000),
    p99: round(Number(p99) / 1000),
  };
}
