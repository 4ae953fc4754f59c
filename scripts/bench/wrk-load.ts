import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMix, type ReadLoadResult } from './read-load.js';

/** Debian's `wrk` is installed. */
export const hasWrk = (): boolean => !spawnSync('wrk', ['--version']).error;

/**
 * Runs wrk with a Lua script against `url` and answers its standard output. One client thread: on
 * a 2-core machine a second one competes with the server for a core, and the seconds it waits for
 * it show up as the slowest requests' latency. wrk runs as a child the bench waits for without
 * blocking: the bench's event loop keeps reading the server's log meanwhile, as a log collector
 * would; a blocked reader left every log line of the run buffered in the server's memory.
 */
export async function runWrk(
  url: string,
  script: string,
  opts: { connections: number; seconds: number; timeoutS?: number },
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-wrk-'));
  try {
    const file = join(dir, 'load.lua');
    writeFileSync(file, script);
    const args = ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`];
    if (opts.timeoutS) args.push('--timeout', `${opts.timeoutS}s`);
    const child = spawn('wrk', [...args, '-s', file, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`wrk exited with ${code}: ${out}\n${err}`);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same mixed-read load driven by wrk instead of autocannon. wrk is written in C and takes a
 * fraction of the CPU autocannon needs for the same traffic; on a 2-core machine that shares its
 * cores with the server, the load generator's own appetite is part of the figure. Returns null
 * when wrk is not installed.
 */
export async function wrkLoad(
  t: { url: string; token: string },
  opts: { connections: number; seconds: number; timeoutS: number },
): Promise<ReadLoadResult | null> {
  if (!hasWrk()) return null;
  const out = await runWrk(t.url, luaScript(await readMix(t)), opts);
  const line = /^WRK_RESULT (.+)$/m.exec(out);
  if (!line) throw new Error(`wrk gave no result: ${out}`);
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
