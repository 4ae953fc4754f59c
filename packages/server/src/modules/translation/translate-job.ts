import type { Logger } from 'pino';
import { PermanentJobError, type JobHandler, type JobPayload } from '../../jobs/job-list.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { LlmClient } from '../../platform/llm.js';
import type { FileStorage } from '../../platform/storage/types.js';
import type { FilesRepo } from '../files/repo.js';
// Not the package's index: that loads pdf.js and pdf-lib, which only the child process needs.
import { translatePdfInWorker } from '../../pdf/translate/in-worker.js';
import { TranslatePdfError } from '../../pdf/translate/types.js';
import { builtinGlossarySource, type GlossarySource } from '../glossary/glossary-source.js';
import { providerTranslateBatch, translationPins } from './provider.js';
import { translationCacheOf, type TranslationCacheRepo, type TranslationsRepo } from './repo.js';
import { isReady } from '../files/visibility.js';

/**
 * The `translate` job: one step that reads the stored original, translates it with the provider
 * (through the database's cache, progress written per page) and stores the translated PDF by content,
 * linked to the file in file_translations. A crash resumes by running the step again: the batches
 * already translated come from the cache, so only the rest goes to the provider. A failed attempt
 * (provider down, bad answer) is retried by the runner with back-off; after the last one the
 * translation is marked failed. The PDF work (pdf.js, fitting, pdf-lib) runs in a worker thread of
 * its own, so a long report does not stall the server's requests; the provider calls and the cache
 * stay in this thread. A TranslatePdfError other than bad_translation is permanent; anything else,
 * a worker that died included, is retried.
 */
export function createTranslateJob(deps: {
  repos: { files: FilesRepo; translations: TranslationsRepo; translationCache: TranslationCacheRepo };
  storage: FileStorage;
  clock: Clock;
  llm: LlmClient | null;
  translateModel?: string;
  log?: Logger;
  /** Runs the PDF work in a worker (default: a worker started for the run). */
  translatePdf?: typeof translatePdfInWorker;
  /** The glossary whose renderings the prompts pin (default: the built-in terms). */
  glossary?: GlossarySource;
}): JobHandler<JobPayload<'translate'>> {
  const { storage, clock, glossary = builtinGlossarySource } = deps;
  const translateInWorker = deps.translatePdf ?? translatePdfInWorker;
  const { files, translations, translationCache } = deps.repos;
  const now = () => isoNow(clock);
  return {
    async runStep(step, { file_seq, lang }, job) {
      if (step !== 'translate') throw new PermanentJobError('bad_step', `Unknown translate step ${step}`);
      const file = await files.bySeq(file_seq);
      const row = await translations.get(file_seq, lang);
      // A file deleted meanwhile (its translation row went with it), or nothing left to do.
      if (!file || !row || row.status !== 'pending') return 'done';
      if (!isReady(file)) throw new PermanentJobError('not_ready', 'The file is not readable');
      const llm = deps.llm;
      if (!llm)
        throw new PermanentJobError('translation_unavailable', 'No translation service is configured');
      await translations.update(file_seq, lang, { attempts: job.attempts, updated_at: now() });

      const bytes = await storage.read(file.sha256);
      // Progress is written page by page, in order, without holding the translation up.
      let writes = Promise.resolve();
      const onProgress = (done: number, total: number) => {
        const progress = total > 0 ? Math.min(1, done / total) : 0;
        writes = writes
          .then(() => translations.update(file_seq, lang, { progress, updated_at: now() }))
          .catch(() => undefined);
      };
      try {
        // Read once per run: every batch of the report pins the same renderings.
        const terms = await glossary.current();
        const result = await translateInWorker(new Uint8Array(bytes), {
          translateBatch: providerTranslateBatch(llm, {
            ...(deps.translateModel ? { model: deps.translateModel } : {}),
            glossary: terms,
          }),
          cache: translationCacheOf(translationCache, lang, now, (text) => translationPins(text, terms)),
          onProgress,
          ...(file.issuer ? { glossary: { keep: [file.issuer] } } : {}),
        });
        await writes;
        const stored = await storage.put(result.bytes);
        await translations.update(file_seq, lang, {
          status: 'finish',
          progress: 1,
          blob_sha256: stored.sha256,
          error: null,
          updated_at: now(),
          finished_at: now(),
        });
        deps.log?.info(
          { file_seq, lang, pages: result.pages, ms: result.ms, translation: result.translation },
          'file translated',
        );
        return 'done';
      } catch (err) {
        await writes;
        const message = err instanceof Error ? err.message : String(err);
        await translations.update(file_seq, lang, { error: message, updated_at: now() });
        if (err instanceof TranslatePdfError && err.code !== 'bad_translation')
          throw new PermanentJobError(err.code, message);
        throw err;
      }
    },
    async onFailed({ file_seq, lang }, error) {
      const row = await translations.get(file_seq, lang);
      if (!row || row.status !== 'pending') return;
      await translations.update(file_seq, lang, {
        status: 'failed',
        error: row.error ?? error.message,
        updated_at: now(),
      });
    },
  };
}
