import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SummaryResponse } from '@rl/contract';
import { requireUser, type Viewer } from '../access/viewer.js';
import type { TokenUsage } from '../../platform/llm.js';
import { presentSummaries, type FileRow } from '../files/presenter.js';
import type { FilesRepo } from '../files/repo.js';
import { fileNotFound } from '../files/access.js';
import { openableFile } from '../quota/openable-file.js';
import type { QuotaService } from '../quota/service.js';
import type { TokenBudget } from '../quota/token-budget.js';
import type { Summaries } from './prompt.js';
import { summariseAndStore, type SummariseDeps } from './summarise-file.js';

/**
 * A run's claim on a file lasts this long past its last renewal (every RUN_RENEW_MS while it
 * runs): a caller on an instance that died holding it is taken over within that time.
 */
export const RUN_CLAIM_MS = 30_000;
const RUN_RENEW_MS = 10_000;
/** How often a caller waiting for another's run looks at the file again. */
const RUN_POLL_MS = 200;

/**
 * The file was summarised (by the summarise job or an earlier call). A summary that came out empty
 * (a report without prose) counts too: summarising it again would give the same and charge again.
 */
export const hasSummary = (file: Pick<FileRow, 'summarised_at'>): boolean => file.summarised_at !== null;

function stored(file: FileRow): SummaryResponse {
  return {
    summary: file.summary,
    summary_compact: file.summary_compact,
    multi_language_summary: presentSummaries(file.multi_language_summary),
    summary_kind: file.summary_kind ?? 'extractive',
    cached: true,
  };
}

function written(s: Summaries): SummaryResponse {
  return {
    summary: s.standard,
    summary_compact: s.compact,
    multi_language_summary: s.translations,
    summary_kind: s.kind,
    cached: false,
  };
}

/**
 * A report's summary on request. Login and the file rules of the translation (404 for a file the
 * caller may not see, which includes one still processing; the trial file-age rule unless the
 * caller owns it). A stored summary is answered as it is, counting nothing. Otherwise (the
 * summarise job has not run yet, or failed) the call checks the caller's daily token budget when
 * there is a provider (403 quota_exceeded when spent), then counts one summary of the caller's quota
 * (403 quota_exceeded when spent), both before anything changes or the provider is asked; then it
 * summarises the file now exactly as the job does, stores the result, so the next call finds it,
 * and spends the provider's tokens on the caller's daily budget (the job spends them on nobody).
 *
 * Callers asking at once for the same file share one summarising, whichever instance they reach:
 * the first claims the run on the file's row (summary_run_by, until its claim runs out), the others
 * wait for the summary to appear on the row (or for the claim to end without one: a failed or dead
 * run, which they then take over). Each counts one summary, but only the one whose call ran it is
 * charged its tokens.
 */
export function createSummaryService(
  deps: SummariseDeps & { files: FilesRepo; quota: QuotaService; budget: TokenBudget },
) {
  const { files, quota, budget, llm, repo } = deps;

  /** Summarises the file under a claim renewed while it runs; null when another caller holds it. */
  async function runClaimed(file: FileRow): Promise<{ summaries: Summaries; usage: TokenUsage } | null> {
    const { seq } = file;
    const runner = randomBytes(9).toString('base64url');
    if (!(await repo.claimRun(seq, runner, RUN_CLAIM_MS))) return null;
    const renew = setInterval(
      () => void repo.renewRun(seq, runner, RUN_CLAIM_MS).catch(() => undefined),
      RUN_RENEW_MS,
    );
    try {
      return await summariseAndStore(deps, file);
    } finally {
      clearInterval(renew);
      await repo.releaseRun(seq, runner);
    }
  }

  /** The summary of the file: this call's run, or the one of a caller that ran it meanwhile. */
  async function summariseShared(
    file: FileRow,
  ): Promise<{ answer: SummaryResponse; usage: TokenUsage | null }> {
    for (;;) {
      const ran = await runClaimed(file);
      if (ran) return { answer: written(ran.summaries), usage: ran.usage };
      const now = await files.bySeq(file.seq);
      if (!now) throw fileNotFound();
      if (hasSummary(now)) return { answer: { ...stored(now), cached: false }, usage: null };
      // The run ended without a summary (it failed, or its instance died): take it over.
      if (!(await repo.runLive(file.seq))) continue;
      await sleep(RUN_POLL_MS);
    }
  }

  return {
    async summary(fileId: string, viewer: Viewer): Promise<SummaryResponse> {
      const user = requireUser(viewer);
      const file = await openableFile({ files, quota }, fileId, viewer);
      if (hasSummary(file)) return stored(file);
      if (llm) await budget.assertAvailable(viewer);
      await quota.consume(viewer, 'abstract');
      const { answer, usage } = await summariseShared(file);
      if (usage) await budget.spend(user.id, usage);
      return answer;
    },
  };
}
export type SummaryService = ReturnType<typeof createSummaryService>;
