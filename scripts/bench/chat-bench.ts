import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileDetailResponse, HealthDetails, SearchResponse } from '@rl/contract';
import { startFakeLlm, type LlmRequest } from '../../packages/server/test/fake-llm-server.js';
import { demoToken, runServer } from './server-process.js';
import { median, percentile, round } from './stats.js';

/**
 * Chat figure of issue 6 ("time to first streamed chat token from the server with the test server:
 * <= 200 ms"): the real server as a child process (one HTTP process, so its passage index cache is
 * the one every request meets) on a small demo library, the local fake OpenAI-compatible provider,
 * the paid demo user, POST /api/dialog/chat over real HTTP. Per report: the time from sending the
 * request to the first `delta` event and to `done`, for the first question on the file (cold
 * passage index) and, as median and p90, for the `runs` questions after it (warm; the
 * conversation grows, so later prompts carry its history). Two server warm-up questions on another
 * report come first. Then the same on the same library without a provider (quoted passages).
 * The fake sends its short answer at once, so `done` comes right behind the first delta.
 */

export interface ChatBenchRow {
  report: string;
  pages: number;
  mode: 'model' | 'passages';
  runs: number;
  cold: { firstDeltaMs: number; doneMs: number };
  firstDeltaMs: { median: number; p90: number };
  doneMs: { median: number; p90: number };
}

const QUESTION = 'How did revenue change in the period, and what drove it?';

/** Like the dialog test's fake: an answer citing the first page its prompt offers. */
function reply(r: LlmRequest): string {
  const prompt = r.messages.at(-1)?.content ?? '';
  const page = /\(p\. (\d+)\)/.exec(prompt)?.[1] ?? '1';
  return `Revenue rose in the period, as the report states [p. ${page}]. Growth came mostly from the largest segment [p. ${page}].`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Api {
  url: string;
  token: string;
}
interface Report {
  id: string;
  name: string;
  pages: number;
}

async function post<T>(api: Api, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until `ready` files are ingested and no job is queued or running. */
async function untilIdle(url: string, ready: number, limitMs = 600_000): Promise<void> {
  const end = Date.now() + limitMs;
  for (;;) {
    const h = (await (await fetch(`${url}/api/health`)).json()) as HealthDetails;
    if (h.files.failed) throw new Error(`${h.files.failed} file(s) failed to ingest`);
    if (h.files.ready >= ready && !h.jobs.queued && !h.jobs.running) return;
    if (Date.now() > end) throw new Error(`library not ready after ${limitMs} ms`);
    await sleep(250);
  }
}

/** One question; milliseconds from sending it to the first `delta` event and to `done`. */
async function ask(api: Api, fileId: string, mode: ChatBenchRow['mode']) {
  const t0 = performance.now();
  const res = await fetch(`${api.url}/api/dialog/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${api.token}` },
    body: JSON.stringify({ file_id: fileId, question: QUESTION }),
  });
  if (!res.ok || !res.body) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  let firstDeltaMs = NaN;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('chat stream ended without a done event');
    buf += value;
    for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      if (event === 'delta' && Number.isNaN(firstDeltaMs)) firstDeltaMs = performance.now() - t0;
      if (event === 'error') throw new Error(`chat error event: ${data}`);
      if (event === 'done') {
        const doneMs = performance.now() - t0;
        await reader.cancel();
        const got = (JSON.parse(data) as { mode: string }).mode;
        if (got !== mode) throw new Error(`chat answered in mode ${got}, expected ${mode}`);
        return { firstDeltaMs, doneMs };
      }
    }
  }
}

/** The smallest and largest English demo report by pages, and one more for the warm-ups. */
async function demoReports(api: Api): Promise<{ measured: Report[]; warmUp: Report }> {
  const { file_list } = await post<SearchResponse>(api, '/api/file/search', {
    keyword: '',
    page_length: 100,
    filter: { language: ['en'] },
  });
  const byPages = file_list
    .map((f) => ({ id: f.id, name: f.file_name, pages: f.page_count }))
    .sort((a, b) => a.pages - b.pages);
  if (byPages.length < 3) throw new Error(`only ${byPages.length} English demo reports`);
  return { measured: [byPages[0]!, byPages.at(-1)!], warmUp: byPages[1]! };
}

async function upload(api: Api, path: string, name: string): Promise<Report> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)], { type: 'application/pdf' }), name);
  const res = await fetch(`${api.url}/api/file/user_upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  const json = (await res.json()) as { file?: { id: string }; error_msg?: string };
  if (!json.file) throw new Error(`upload answered ${res.status}: ${json.error_msg}`);
  return { id: json.file.id, name, pages: 0 };
}

export async function benchChat(
  corpusDir: string,
  opts = { runs: 15, warmUps: 2, seedCount: 20, corpusReport: 'fb_ADOBE_2016_10K.pdf' },
): Promise<ChatBenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rl-bench-chat-'));
  const fake = await startFakeLlm({ reply, chunkSize: 12 });
  const rows: ChatBenchRow[] = [];
  let reports: Report[] = [];
  let warmUp: Report | undefined;
  try {
    // The first server seeds the library and ingests the corpus report; the second reuses it.
    for (const mode of ['model', 'passages'] as const) {
      const server = await runServer({
        DATA_DIR: dataDir,
        SEED_COUNT: String(opts.seedCount),
        HTTP_WORKERS: '1',
        // '': no provider, even if the shell sets one.
        LLM_BASE_URL: mode === 'model' ? fake.url : '',
        LLM_MODEL: 'fake-chat',
      });
      try {
        await untilIdle(server.url, opts.seedCount);
        const api = { url: server.url, token: await demoToken(server.url, dataDir, 'paid user') };
        if (!warmUp) {
          const demo = await demoReports(api);
          warmUp = demo.warmUp;
          const big = await upload(api, join(corpusDir, opts.corpusReport), opts.corpusReport);
          await untilIdle(server.url, opts.seedCount + 1);
          const { file_info } = await post<FileDetailResponse>(api, '/api/file/file_detail', {
            file_id: big.id,
          });
          reports = [...demo.measured, { ...big, pages: file_info.page_count }];
        }
        for (let i = 0; i < opts.warmUps; i++) await ask(api, warmUp.id, mode);
        for (const r of reports) {
          const cold = await ask(api, r.id, mode);
          const samples = [];
          for (let i = 0; i < opts.runs; i++) samples.push(await ask(api, r.id, mode));
          const first = samples.map((s) => s.firstDeltaMs);
          const done = samples.map((s) => s.doneMs);
          rows.push({
            report: r.name,
            pages: r.pages,
            mode,
            runs: opts.runs,
            cold: { firstDeltaMs: round(cold.firstDeltaMs), doneMs: round(cold.doneMs) },
            firstDeltaMs: { median: round(median(first)), p90: round(percentile(first, 90)) },
            doneMs: { median: round(median(done)), p90: round(percentile(done, 90)) },
          });
        }
      } finally {
        await server.stop();
      }
    }
    return rows;
  } finally {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatChatBench(rows: ChatBenchRow[]): string {
  const cols = (xs: (string | number)[]) => xs.map((x) => String(x).padStart(11)).join('');
  const line = (report: string, pages: string | number, mode: string, times: (string | number)[]) =>
    `  ${report.slice(0, 44).padEnd(44)} ${String(pages).padStart(5)}  ${mode.padEnd(8)}${cols(times)}`;
  return [
    'chat over HTTP, ms from the request to the first delta and to done ' +
      `(cold: first question on the file; warm: median and p90 of ${rows[0]?.runs ?? 0})`,
    line('report', 'pages', 'mode', [
      'cold delta',
      'cold done',
      'delta med',
      'delta p90',
      'done med',
      'done p90',
    ]),
    ...rows.map((r) =>
      line(r.report, r.pages, r.mode, [
        r.cold.firstDeltaMs,
        r.cold.doneMs,
        r.firstDeltaMs.median,
        r.firstDeltaMs.p90,
        r.doneMs.median,
        r.doneMs.p90,
      ]),
    ),
  ].join('\n');
}
