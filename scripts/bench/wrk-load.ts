import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMix, type ReadLoadResult } from './read-load.js';

/**
 * The same mixed-read load driven by wrk (Debian's `wrk`) instead of autocannon. wrk is written in
 * C and takes a fraction of the CPU autocannon needs for the same traffic; on a 2-core machine
 * that shares its cores with the server, the load generator's own appetite is part of the figure.
 * Returns null when wrk is not installed.
 */
export async function wrkLoad(
  t: { url: string; token: string },
  opts: { connections: number; seconds: number; timeoutS: number },
): Promise<ReadLoadResult | null> {
  if (spawnSync('wrk', ['--version']).error) return null;
  const requests = await readMix(t);
  const dir = mkdtempSync(join(tmpdir(), 'rl-wrk-'));
  try {
    const script = join(dir, 'mix.lua');
    writeFileSync(script, luaScript(requests));
    const run = spawnSync(
      'wrk',
      [
        // One client thread: on a 2-core machine a second one competes with the server for a core,
        // and the seconds it waits for it show up as the slowest requests' latency.
        '-t1',
        `-c${opts.connections}`,
        `-d${opts.seconds}s`,
        `--timeout`,
        `${opts.timeoutS}s`,
        '-s',
        script,
        t.url,
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const line = /^WRK_RESULT (.+)$/m.exec(run.stdout);
    if (!line) throw new Error(`wrk gave no result: ${run.stdout}\n${run.stderr}`);
    // wrk's figures, latencies in microseconds.
    type WrkFigures = Omit<ReadLoadResult, 'connections' | 'seconds' | 'rps'> & { duration_us: number };
    const r = JSON.parse(line[1]!) as WrkFigures;
    const ms = (us: number) => Math.round(us / 100) / 10;
    return {
      connections: opts.connections,
      seconds: opts.seconds,
      requests: r.requests,
      rps: Math.round(r.requests / (r.duration_us / 1e6)),
      p50: ms(r.p50),
      p90: ms(r.p90),
      p99: ms(r.p99),
      max: ms(r.max),
      timeouts: r.timeouts,
      errors: r.errors,
      non2xx: r.non2xx,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const lua = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string literal here (no control bytes)

/** A wrk script that sends the mix in order on every connection and prints one JSON line at the end. */
function luaScript(requests: Awaited<ReturnType<typeof readMix>>): string {
  const entries = requests.map((r) => {
    const headers = Object.entries(r.headers ?? {})
      .map(([k, v]) => `[${lua(k)}] = ${lua(String(v))}`)
      .join(', ');
    const body = r.body === undefined ? 'nil' : lua(String(r.body));
    return `wrk.format(${lua(r.method ?? 'GET')}, ${lua(r.path ?? '/')}, { ${headers} }, ${body})`;
  });
  return `
local mix = nil
local i = 0
function init(args)
  mix = { ${entries.join(',\n    ')} }
  i = math.random(0, #mix - 1)
end
function request()
  i = (i % #mix) + 1
  return mix[i]
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"duration_us":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"timeouts":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.timeout, e.connect + e.read + e.write, e.status))
end
`;
}
