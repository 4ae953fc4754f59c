import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { jsonInteger, jsonText, lockForTransaction } from '../../db/dialect.js';
import { transactionOf } from '../../db/transaction-of.js';
import type { FileTranslationsTable } from '../../db/schema.js';
import { createJobsRepo } from '../../jobs/jobs-repo.js';
import type { TranslationCache } from '../../pdf/translate/index.js';
import { sha256Hex } from '../../platform/storage/types.js';
import type { PinnedTerm } from '../glossary/pinned-terms.js';

export type TranslationRow = Selectable<FileTranslationsTable>;

export const TRANSLATE_JOB = 'translate';
export const TRANSLATE_FIRST_STEP = 'translate';

export interface TranslatePayload {
  file_seq: number;
  lang: string;
}

/** The file_translations table: one row per file and language once a translation was asked for. */
function translationQueries(db: Db) {
  return {
    async get(fileSeq: number, lang: string): Promise<TranslationRow | undefined> {
      return db
        .selectFrom('file_translations')
        .selectAll()
        .where('file_seq', '=', fileSeq)
        .where('lang', '=', lang)
        .executeTakeFirst();
    },

    /** (Re)starts a translation: pending, nothing done yet, no attempt made. */
    async restart(fileSeq: number, lang: string, now: string): Promise<void> {
      await db
        .insertInto('file_translations')
        .values({
          file_seq: fileSeq,
          lang,
          status: 'pending',
          progress: 0,
          blob_sha256: null,
          attempts: 0,
          error: null,
          created_at: now,
          updated_at: now,
          finished_at: null,
        })
        .onConflict((oc) =>
          oc.columns(['file_seq', 'lang']).doUpdateSet({
            status: 'pending',
            progress: 0,
            blob_sha256: null,
            attempts: 0,
            error: null,
            updated_at: now,
            finished_at: null,
          }),
        )
        .execute();
    },

    async update(
      fileSeq: number,
      lang: string,
      set: Partial<Omit<TranslationRow, 'file_seq' | 'lang' | 'created_at'>> & { updated_at: string },
    ): Promise<void> {
      await db
        .updateTable('file_translations')
        .set(set)
        .where('file_seq', '=', fileSeq)
        .where('lang', '=', lang)
        .execute();
    },

    /** Some translation still refers to these bytes. */
    async blobInUse(sha256: string): Promise<boolean> {
      const r = await db
        .selectFrom('file_translations')
        .select('file_seq')
        .where('blob_sha256', '=', sha256)
        .executeTakeFirst();
      return r !== undefined;
    },

    /** A translate job of this file and language is queued or running. */
    async jobLive(fileSeq: number, lang: string): Promise<boolean> {
      const payload = sql.ref('payload');
      const r = await sql<{ id: number }>`SELECT id FROM jobs WHERE type = ${TRANSLATE_JOB}
        AND state IN ('queued', 'running') AND ${jsonInteger(db, payload, 'file_seq')} = ${fileSeq}
        AND ${jsonText(db, payload, 'lang')} = ${lang} LIMIT 1`.execute(db);
      return r.rows.length > 0;
    },
  };
}

/** What a translation's check-and-change uses inside its transaction. */
const translationTx = (trx: Db) => ({
  ...translationQueries(trx),
  /** Queues the translate job of the file and language. */
  enqueue: (payload: TranslatePayload, now: string) =>
    createJobsRepo(trx).enqueue(TRANSLATE_JOB, payload, TRANSLATE_FIRST_STEP, now),
  lock: (key: string) => lockForTransaction(trx, key),
});
export type TranslationTx = Omit<ReturnType<typeof translationTx>, 'lock'>;

export function createTranslationsRepo(db: Db) {
  const transaction = transactionOf(db, translationTx);
  return {
    ...translationQueries(db),
    /**
     * Runs `fn` in one transaction that first takes the lock of this file's translation into
     * `lang` (PostgreSQL; SQLite writes one transaction at a time): two submits at once, on any
     * instance, check and change the translation one after the other.
     */
    serialised: <T>(fileSeq: number, lang: string, fn: (tx: TranslationTx) => Promise<T>): Promise<T> =>
      transaction(async (tx) => {
        await tx.lock(`translation:${fileSeq}:${lang}`);
        return fn(tx);
      }),
  };
}
export type TranslationsRepo = ReturnType<typeof createTranslationsRepo>;

/**
 * The translation cache in the database (translation_cache), keyed by language and the sha256 of the
 * source text: shared by every file, so a paragraph met in another report is not sent again. The
 * glossary renderings `pinned` for a text (translationPins) are hashed with it, so a glossary change
 * re-translates the texts whose terms it changed; a text without terms keeps its key of old.
 */
export function createTranslationCache(
  db: Db,
  lang: string,
  now: () => string,
  pinned: (text: string) => readonly PinnedTerm[] = () => [],
): TranslationCache {
  const keyOf = (text: string) => {
    const pins = pinned(text).map((t) => `\n${t.source}\t${t.target}`);
    return sha256Hex(Buffer.from(pins.length > 0 ? `${text}\0${pins.join('')}` : text, 'utf8'));
  };
  return {
    async get(text) {
      const r = await db
        .selectFrom('translation_cache')
        .select('translated')
        .where('lang', '=', lang)
        .where('source_sha256', '=', keyOf(text))
        .executeTakeFirst();
      return r?.translated;
    },
    async set(text, translated) {
      await db
        .insertInto('translation_cache')
        .values({ lang, source_sha256: keyOf(text), translated, created_at: now() })
        .onConflict((oc) => oc.columns(['lang', 'source_sha256']).doUpdateSet({ translated }))
        .execute();
    },
  };
}
