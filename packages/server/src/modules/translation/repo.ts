import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { jsonInteger, jsonText, lockForTransaction } from '../../db/dialect.js';
import type { FileTranslationsTable } from '../../db/schema.js';
import type { JobName } from '../../jobs/job-list.js';
import type { TranslationCache } from '../../pdf/translate/index.js';
import { sha256Hex } from '../../platform/storage/types.js';
import type { PinnedTerm } from '../glossary/pinned-terms.js';

export type TranslationRow = Selectable<FileTranslationsTable>;

const TRANSLATE: JobName = 'translate';

/** The file_translations table: one row per file and language once a translation was asked for. */
export function createTranslationsRepo(db: Db) {
  return {
    /**
     * Takes the lock of this file's translation into `lang` until the unit of work commits
     * (PostgreSQL; SQLite writes one transaction at a time): two submits at once, on any
     * instance, check and change the translation one after the other.
     */
    lock: (fileSeq: number, lang: string) => lockForTransaction(db, `translation:${fileSeq}:${lang}`),
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
      const r = await sql<{ id: number }>`SELECT id FROM jobs WHERE type = ${TRANSLATE}
        AND state IN ('queued', 'running') AND ${jsonInteger(db, payload, 'file_seq')} = ${fileSeq}
        AND ${jsonText(db, payload, 'lang')} = ${lang} LIMIT 1`.execute(db);
      return r.rows.length > 0;
    },
  };
}

export type TranslationsRepo = ReturnType<typeof createTranslationsRepo>;

/** The translation cache in the database (translation_cache), by language and source key. */
export function createTranslationCacheRepo(db: Db) {
  return {
    async get(lang: string, key: string): Promise<string | undefined> {
      const r = await db
        .selectFrom('translation_cache')
        .select('translated')
        .where('lang', '=', lang)
        .where('source_sha256', '=', key)
        .executeTakeFirst();
      return r?.translated;
    },
    async put(lang: string, key: string, translated: string, now: string): Promise<void> {
      await db
        .insertInto('translation_cache')
        .values({ lang, source_sha256: key, translated, created_at: now })
        .onConflict((oc) => oc.columns(['lang', 'source_sha256']).doUpdateSet({ translated }))
        .execute();
    },
  };
}
export type TranslationCacheRepo = ReturnType<typeof createTranslationCacheRepo>;

/**
 * A run's translation cache: shared by every file, so a paragraph met in another report is not sent
 * again, keyed by the sha256 of the source text. The glossary renderings `pinned` for a text
 * (translationPins) are hashed with it, so a glossary change re-translates the texts whose terms it
 * changed; a text without terms keeps its key of old.
 */
export function translationCacheOf(
  repo: TranslationCacheRepo,
  lang: string,
  now: () => string,
  pinned: (text: string) => readonly PinnedTerm[] = () => [],
): TranslationCache {
  const keyOf = (text: string) => {
    const pins = pinned(text).map((t) => `\n${t.source}\t${t.target}`);
    return sha256Hex(Buffer.from(pins.length > 0 ? `${text}\0${pins.join('')}` : text, 'utf8'));
  };
  return {
    get: (text) => repo.get(lang, keyOf(text)),
    set: (text, translated) => repo.put(lang, keyOf(text), translated, now()),
  };
}
