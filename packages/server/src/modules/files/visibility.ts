import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FileRow } from './presenter.js';

/**
 * The one rule of who may see a file, and the states it is built from. A file is seen by nobody
 * until its reading finished (status 'ready') and by nobody once a DMCA complaint took it down; a
 * public file is the library's, a private one its owner's alone. Everything else that lists, opens,
 * indexes or copies files asks here, as a predicate over a row or as SQL over a files table (the
 * pieces are Kysely expressions: `.where(filesWhere('files').indexable)` or inside a `sql` template).
 * Nothing else reads these columns to decide, not even the DMCA and console modules that change
 * them (test/visibility-rule.test.ts keeps it so).
 */

type States = Pick<FileRow, 'status' | 'visibility' | 'taken_down_at'>;

/** Its reading finished: the file has text, metadata and (once indexed) a search entry. */
export const isReady = (file: Pick<FileRow, 'status'>): boolean => file.status === 'ready';

/** A DMCA complaint keeps it down: served nowhere. */
export const isTakenDown = <F extends Pick<FileRow, 'taken_down_at'>>(
  file: F,
): file is F & { taken_down_at: string } => file.taken_down_at !== null;

/** The library's (anyone may find it once indexable), not one user's upload. */
export const isPublic = (file: Pick<FileRow, 'visibility'>): boolean => file.visibility === 'public';

/** It belongs in a search index, the library's or its owner's (by its visibility). */
export const isIndexable = (file: Pick<FileRow, 'status' | 'taken_down_at'>): boolean =>
  isReady(file) && !isTakenDown(file);

/** In the library everyone searches. */
export const isInLibrary = (file: States): boolean => isIndexable(file) && isPublic(file);

/**
 * Who may see it, as one answer: everyone (`{ owner: null }`, a file in the library), its owner
 * alone (`{ owner }`, an indexable upload), or no one (null). What reaches people about a file
 * (the inbox) reaches this audience.
 */
export function audienceOf(file: States & Pick<FileRow, 'owner_id'>): { owner: string | null } | null {
  if (!isIndexable(file)) return null;
  return isPublic(file) ? { owner: null } : { owner: file.owner_id };
}

/**
 * Who may see it: a file in the library, or one's own indexable upload. Everything else answers
 * 404 'File not found', so nobody learns that someone else's private file exists.
 */
export function canSee(file: States & Pick<FileRow, 'owner_id'>, userId: string | null): boolean {
  if (!isIndexable(file)) return false;
  return isPublic(file) || (userId !== null && file.owner_id === userId);
}

/** The same rule as SQL over a files table named `alias` (`f`, or `files` when unaliased). */
export function filesWhere(alias = 'f') {
  const column = (name: keyof FileRow) => sql.ref(`${alias}.${name}`);
  const status = column('status');
  const visibility = column('visibility');
  const takenDown = column('taken_down_at');
  const indexable = sql<SqlBool>`(${status} = 'ready' AND ${takenDown} IS NULL)`;
  return {
    /** isReady */
    ready: sql<SqlBool>`${status} = 'ready'`,
    /** isPublic */
    public: sql<SqlBool>`${visibility} = 'public'`,
    /** Not isPublic: one user's upload, in any state. */
    private: sql<SqlBool>`${visibility} = 'private'`,
    /** isTakenDown */
    takenDown: sql<SqlBool>`${takenDown} IS NOT NULL`,
    /** isIndexable */
    indexable,
    /** isInLibrary */
    inLibrary: sql<SqlBool>`(${indexable} AND ${visibility} = 'public')`,
    /** canSee for `userId` (null: an anonymous visitor). */
    readableBy(userId: string | null): RawBuilder<SqlBool> {
      const own = userId === null ? sql`FALSE` : sql`${column('owner_id')} = ${userId}`;
      return sql<SqlBool>`(${indexable} AND (${visibility} = 'public' OR ${own}))`;
    },
    /** The owner's indexable private uploads: what their own search adds to the library's. */
    ownPrivate(ownerId: string): RawBuilder<SqlBool> {
      return sql<SqlBool>`(${column('owner_id')} = ${ownerId} AND ${visibility} = 'private' AND ${indexable})`;
    },
    /** Indexable private uploads, whoever owns them (a copy checks one owner's search with them). */
    ownPrivateOfAnyone: sql<SqlBool>`(${column('owner_id')} IS NOT NULL AND ${visibility} = 'private' AND ${indexable})`,
    /**
     * The library holds this file or is reading it (public, not failed, not taken down): a content
     * already there is not published a second time.
     */
    inLibraryOrComing: sql<SqlBool>`(${visibility} = 'public' AND ${status} != 'failed' AND ${takenDown} IS NULL)`,
  };
}
