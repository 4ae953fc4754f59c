import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import { createJobsRepo } from '../../jobs/jobs-repo.js';
import { PermanentJobError, type JobHandler } from '../../jobs/runner.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { ChatMessage, LlmClient, TokenUsage } from '../../platform/llm.js';
import type { FileRow } from '../files/presenter.js';
import { createFilesRepo } from '../files/repo.js';
import { extractiveSummary } from './extractive.js';

export const SUMMARISE_JOB = 'summarise';
export const SUMMARISE_FIRST_STEP = 'summarise';

interface SummarisePayload {
  file_seq: number;
}

/** The provider reads at most this much of a report: its first pages, where the thesis is. */
export const ABSTRACT_INPUT_CHARS = 12_000;
const ABSTRACT_PAGES = 8;

export interface Summaries {
  standard: string;
  compact: string;
  kind: 'extractive' | 'abstractive';
  /** language → summary; 'zh-hans' only when a provider translated it. */
  translations: Record<string, string>;
}

/** Summaries and the provider tokens writing them took (none without a provider). */
export interface Summarised {
  summaries: Summaries;
  /**
   * The sum of the usage of the provider calls that answered, as the provider reported it (the
   * client estimates it with estimateTokens when the provider reports none). A call that failed
   * (an error status, no answer) counts nothing: no answer came back to count.
   */
  usage: TokenUsage;
}

const languageName = (language: string) => (language === 'zh' ? 'Simplified Chinese' : 'English');

/** The first pages' text, cut at ABSTRACT_INPUT_CHARS. */
export function abstractInput(pages: readonly string[]): string {
  return pages
    .slice(0, ABSTRACT_PAGES)
    .map((p, i) => `[page ${i + 1}]\n${p.trim()}`)
    .join('\n\n')
    .slice(0, ABSTRACT_INPUT_CHARS);
}

/** The JSON answer the summary prompt asks for, tolerating a fenced block or prose around it. */
function parseAbstract(text: string): { standard: string; compact: string } | null {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!json) return null;
  try {
    const v = JSON.parse(json) as { standard?: unknown; compact?: unknown };
    if (typeof v.standard !== 'string' || typeof v.compact !== 'string') return null;
    const standard = v.standard.trim();
    const compact = v.compact.trim();
    return standard && compact ? { standard, compact } : null;
  } catch {
    return null;
  }
}

/**
 * A report's summaries: with a provider, abstractive ones in the report's language from its first
 * pages, and the standard one translated into Simplified Chinese; without one, or when the
 * provider fails, the extractive summary (and no translation). Answers them with the provider
 * tokens spent on them.
 */
export async function summarise(
  pages: readonly string[],
  language: string,
  llm: LlmClient | null,
  opts: { translateModel?: string; log?: Logger } = {},
): Promise<Summarised> {
  const fallback = (): Summaries => ({
    ...extractiveSummary(pages, language),
    kind: 'extractive',
    translations: {},
  });
  const usage: TokenUsage = { input_tokens: 0, output_tokens: 0 };
  const count = (u: TokenUsage) => {
    usage.input_tokens += u.input_tokens;
    usage.output_tokens += u.output_tokens;
  };
  if (!llm) return { summaries: fallback(), usage };
  let abstract: { standard: string; compact: string } | null = null;
  try {
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content:
          'You summarise financial research reports for investors. Answer only with a JSON object ' +
          '{"standard": "...", "compact": "..."}: "standard" is a summary of 4-6 sentences, "compact" ' +
          `one or two sentences. Write both in ${languageName(language)}. Keep tickers, figures and names exact; ` +
          'leave out disclaimers.',
      },
      { role: 'user', content: abstractInput(pages) },
    ];
    const answer = await llm.complete(messages, { maxTokens: 800, temperature: 0.2 });
    count(answer.usage);
    abstract = parseAbstract(answer.text);
    if (!abstract) opts.log?.warn('the provider answered no usable summary; using the extractive one');
  } catch (err) {
    opts.log?.warn({ err: (err as Error).message }, 'abstractive summary failed; using the extractive one');
  }
  const base: Summaries = abstract ? { ...abstract, kind: 'abstractive', translations: {} } : fallback();
  if (!base.standard) return { summaries: base, usage };
  if (language === 'zh') {
    base.translations['zh-hans'] = base.standard;
    return { summaries: base, usage };
  }
  try {
    const answer = await llm.complete(
      [
        {
          role: 'system',
          content:
            'Translate the user text into Simplified Chinese. Keep tickers, numbers, units and company ' +
            'names as written. Answer with the translation only.',
        },
        { role: 'user', content: base.standard },
      ],
      { ...(opts.translateModel ? { model: opts.translateModel } : {}), maxTokens: 1200, temperature: 0 },
    );
    count(answer.usage);
    const zh = answer.text.trim();
    if (zh) base.translations['zh-hans'] = zh;
  } catch (err) {
    opts.log?.warn({ err: (err as Error).message }, 'translating the summary failed');
  }
  return { summaries: base, usage };
}

/** What summarising a file needs: the database, the clock and the provider (null: none). */
export interface SummariseDeps {
  db: Db;
  clock: Clock;
  llm: LlmClient | null;
  translateModel?: string;
  log?: Logger;
}

/**
 * Summarises a file from its stored pages (`summarise`) and writes the summaries on its row, with
 * summarised_at: the one "summarise and store" of the job and of `/api/file/summary`. A file
 * deleted meanwhile updates nothing. Answers what was written and the provider tokens it took
 * (the job counts them on nobody; the on-demand call spends them on its caller's budget).
 */
export async function summariseAndStore(
  deps: SummariseDeps,
  file: Pick<FileRow, 'seq' | 'language'>,
): Promise<Summarised> {
  const pages = await createFilesRepo(deps.db).pages(file.seq);
  const { summaries: s, usage } = await summarise(pages, file.language, deps.llm, {
    ...(deps.translateModel ? { translateModel: deps.translateModel } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  await deps.db
    .updateTable('files')
    .set({
      summary: s.standard,
      summary_compact: s.compact,
      summary_kind: s.kind,
      multi_language_summary: JSON.stringify(s.translations),
      summarised_at: isoNow(deps.clock),
    })
    .where('seq', '=', file.seq)
    .execute();
  return { summaries: s, usage };
}

/**
 * The `summarise` job: one step, run after a file became ready (queued by the ingest job's index
 * step, or at start for ready files never summarised). Rerunning it is harmless, so a crash
 * resumes by running the step again. A file deleted meanwhile ends the job quietly.
 */
export function createSummariseJob(deps: SummariseDeps): JobHandler {
  const files = createFilesRepo(deps.db);
  return {
    async runStep(step, payload) {
      if (step !== SUMMARISE_FIRST_STEP)
        throw new PermanentJobError('bad_step', `Unknown summarise step ${step}`);
      const { file_seq } = payload as SummarisePayload;
      const file = await files.bySeq(file_seq);
      if (!file || file.status !== 'ready') return 'done';
      await summariseAndStore(deps, file);
      return 'done';
    },
    async onFailed() {
      // The file stays readable without a summary; the next start queues it again.
    },
  };
}

/** Queues a summarise job for a file (inside the caller's transaction when given one). */
export async function enqueueSummarise(db: Db, fileSeq: number, now: string): Promise<void> {
  await createJobsRepo(db).enqueue(SUMMARISE_JOB, { file_seq: fileSeq }, SUMMARISE_FIRST_STEP, now);
}

/**
 * Ready files never summarised (the demo library from before summaries, a job that failed for
 * good) get a summarise job, unless one is already queued or running: idempotent, run at start.
 */
export async function enqueueMissingSummaries(db: Db, now: string): Promise<number> {
  const rows = await sql<{ seq: number }>`SELECT f.seq FROM files f
    WHERE f.status = 'ready' AND f.summarised_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.type = ${SUMMARISE_JOB}
        AND j.state IN ('queued', 'running') AND json_extract(j.payload, '$.file_seq') = f.seq)
    ORDER BY f.seq`.execute(db);
  const jobs = createJobsRepo(db);
  for (const r of rows.rows)
    await jobs.enqueue(SUMMARISE_JOB, { file_seq: r.seq }, SUMMARISE_FIRST_STEP, now);
  return rows.rows.length;
}
