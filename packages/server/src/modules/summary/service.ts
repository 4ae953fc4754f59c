import type { SummaryResponse } from '@rl/contract';
import { requireUser, type Viewer } from '../../http/viewer.js';
import { isOwner } from '../files/access.js';
import { presentSummaries, type FileRow } from '../files/presenter.js';
import type { FilesRepo } from '../files/repo.js';
import { readableFile } from '../files/service.js';
import type { QuotaService } from '../quota/service.js';
import type { TokenBudget } from '../quota/token-budget.js';
import { summariseAndStore, type Summaries, type Summarised, type SummariseDeps } from './summarise-job.js';

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
 * Callers asking at once for the same file share one summarising: each counts one summary, but
 * only the one whose call started it is charged its tokens.
 */
export function createSummaryService(
  deps: SummariseDeps & { files: FilesRepo; quota: QuotaService; budget: TokenBudget },
) {
  const { files, quota, budget, llm } = deps;
  // One summarising per file at a time in this process: a second caller waits for the first's.
  const running = new Map<number, Promise<Summarised>>();

  /** The file's summarising under way, or a new one; `started`: this call began it. */
  function summariseOnce(file: FileRow): { work: Promise<Summarised>; started: boolean } {
    const under = running.get(file.seq);
    if (under) return { work: under, started: false };
    const work = summariseAndStore(deps, file).finally(() => running.delete(file.seq));
    running.set(file.seq, work);
    return { work, started: true };
  }

  return {
    async summary(fileId: string, viewer: Viewer): Promise<SummaryResponse> {
      const user = requireUser(viewer);
      const file = await readableFile(files, fileId, viewer);
      if (!isOwner(file, viewer)) quota.assertFileAge(viewer, file.publish_date);
      if (hasSummary(file)) return stored(file);
      if (llm) await budget.assertAvailable(viewer);
      await quota.consume(viewer, 'abstract');
      const { work, started } = summariseOnce(file);
      const { summaries, usage } = await work;
      if (started) await budget.spend(user.id, usage);
      return written(summaries);
    },
  };
}
export type SummaryService = ReturnType<typeof createSummaryService>;
