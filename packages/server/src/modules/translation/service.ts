import { ERROR_CODES, type TranslateQueryResponse, type TranslateSubmitResponse } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { LlmClient } from '../../platform/llm.js';
import type { FileUrls } from '../files/file-urls.js';
import { translatedUrl, translationStatus } from './present.js';
import type { FilesRepo } from '../files/repo.js';
import { openableFile } from '../quota/openable-file.js';
import type { QuotaService } from '../quota/service.js';
import type { TranslationsRepo } from './repo.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { JobsRepo } from '../../jobs/jobs-repo.js';

/** 503 translation_unavailable: no model provider is configured. */
export class TranslationUnavailable extends AppError {
  constructor() {
    super(ERROR_CODES.translationUnavailable, msg('translationUnavailable'));
  }
}

/**
 * Translations of files into Chinese: one per file and language, shared by every user. A submit
 * that starts or joins a translation counts against the user's translation quota (checked before
 * anything changes); one that finds it finished answers at once.
 */
export function createTranslationService(deps: {
  repo: TranslationsRepo;
  /** One submit's check and change, in one unit of work under the translation's lock. */
  transaction: UnitOfWork<{ translations: TranslationsRepo; jobs: JobsRepo }>;
  files: FilesRepo;
  urls: FileUrls;
  quota: QuotaService;
  llm: LlmClient | null;
  clock: Clock;
  notifyJobs?: () => void;
}) {
  const { repo, files, urls, quota, llm, clock } = deps;

  return {
    /** Whether a translation can be made at all: the web disables its Chinese modes otherwise. */
    available: (): boolean => llm !== null,

    async submit(fileId: string, lang: string, viewer: Viewer): Promise<TranslateSubmitResponse> {
      requireUser(viewer);
      const file = await openableFile({ files, quota }, fileId, viewer);
      if (!llm) throw new TranslationUnavailable();
      const before = await repo.get(file.seq, lang);
      if (before?.status === 'finish') return { task_status: 'finish', progress: 1 };

      await quota.consume(viewer, 'translate');
      // Check and change one submit at a time: two submits at once start one job.
      const started = await deps.transaction(async ({ translations, jobs }) => {
        await translations.lock(file.seq, lang);
        const row = await translations.get(file.seq, lang);
        if (row?.status === 'finish') return { row, queued: false };
        if (row?.status === 'pending' && (await translations.jobLive(file.seq, lang)))
          return { row, queued: false };
        const now = isoNow(clock);
        await translations.restart(file.seq, lang, now);
        await jobs.enqueue('translate', { file_seq: file.seq, lang }, now);
        return { row: await translations.get(file.seq, lang), queued: true };
      });
      if (started.queued) deps.notifyJobs?.();
      const s = translationStatus(started.row);
      return { task_status: s.status, progress: s.progress };
    },

    async query(fileId: string, lang: string, viewer: Viewer): Promise<TranslateQueryResponse> {
      requireUser(viewer);
      const file = await openableFile({ files, quota }, fileId, viewer);
      const row = await repo.get(file.seq, lang);
      const s = translationStatus(row);
      return {
        task_status: s.status,
        progress: s.progress,
        encrypted_file_url: translatedUrl(urls, file, row, viewer),
      };
    },
  };
}
export type TranslationService = ReturnType<typeof createTranslationService>;
