import type { Logger } from 'pino';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { LlmClient } from '../../platform/llm.js';
import type { GlossarySource } from '../glossary/glossary-source.js';
import type { FileRow } from '../files/presenter.js';
import { summarise, type Summarised } from './prompt.js';
import type { SummaryRepo } from './repo.js';
import type { FilesRepo } from '../files/repo.js';

/** What summarising a file needs: its repository, the clock and the provider (null: none). */
export interface SummariseDeps {
  repo: SummaryRepo;
  files: Pick<FilesRepo, 'pages'>;
  clock: Clock;
  llm: LlmClient | null;
  translateModel?: string;
  log?: Logger;
  /** The glossary whose renderings a translated summary pins (default: the built-in terms). */
  glossary?: GlossarySource;
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
  const pages = await deps.files.pages(file.seq);
  const summarised = await summarise(pages, file.language, deps.llm, {
    ...(deps.translateModel ? { translateModel: deps.translateModel } : {}),
    ...(deps.log ? { log: deps.log } : {}),
    ...(deps.glossary ? { glossary: deps.glossary } : {}),
  });
  await deps.repo.store(file.seq, summarised.summaries, isoNow(deps.clock));
  return summarised;
}
