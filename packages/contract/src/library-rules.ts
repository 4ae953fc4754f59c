/**
 * Limits of a user's own library: stars, collections, uploads and downloads (issue 5). No zod
 * here: the web's first screen may import it. Plan-dependent numbers live in plans.ts.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/** Page size of the lists of my library (stars, collections, my files, download history). */
export const LIBRARY_PAGE_SIZE = 20;
export const LIBRARY_MAX_PAGE_LENGTH = 100;

/** Collections (bookmark folders, paid plan). */
export const COLLECTION_NAME_MAX = 50;
export const COLLECTIONS_MAX = 100;
export const COLLECTION_FILES_MAX = 1000;

/** Issuer names a user may star (follow). */
export const ISSUER_NAME_MAX = 200;

/** File names as sent by uploads. */
export const UPLOAD_FILE_NAME_MAX = 255;
/** A title the owner gives an upload (the console's limit too). */
export const MY_FILE_TITLE_MAX = 300;
/** Analysts and tags of a corrected report, and their lengths (the console's limits too). */
export const MY_FILE_AUTHORS_MAX = 50;
export const MY_FILE_AUTHOR_MAX = 100;
export const MY_FILE_TAGS_MAX = 50;
export const MY_FILE_TAG_MAX = 50;
/** Keywords kept for a report, and their length. */
export const REPORT_KEYWORDS_MAX = 20;
export const REPORT_KEYWORD_MAX = 60;
/** Companies of a note's research data (the edit calls' limit too) and the lengths of their labels. */
export const RESEARCH_COMPANIES_MAX = 20;
export const COMPANY_NAME_MAX = 100;
export const RATING_LABEL_MAX = 40;
export const TICKER_MAX = 24;

/**
 * Files larger than this are sent in chunks (resumable); smaller ones in one multipart request.
 * It equals the free plan's per-file limit, so only the paid plan's large files use chunks.
 */
export const UPLOAD_CHUNKED_ABOVE = 3 * MiB;

/** The default chunk (SPEC.md section 9). */
export const UPLOAD_DEFAULT_CHUNK = 64 * KiB;

/**
 * The chunk size for a file of `size` bytes (SPEC.md section 9): 64 KiB below about 51 MiB,
 * 1 MiB in the middle range, 5 MiB below 80 MiB, 10 MiB above. The spec leaves the middle
 * range's upper edge open; 64 MiB is ours.
 */
export function uploadChunkSize(size: number): number {
  if (size < 51 * MiB) return UPLOAD_DEFAULT_CHUNK;
  if (size < 64 * MiB) return 1 * MiB;
  if (size < 80 * MiB) return 5 * MiB;
  return 10 * MiB;
}

/** An unfinished chunked upload is kept this long after its last chunk, then dropped. */
export const UPLOAD_SESSION_TTL_H = 24;

/** Signed download links expire after this many seconds. */
export const DOWNLOAD_LINK_TTL_S = 300;

/** What a caller may do with a file (FileInfo.permission). */
export const FILE_PERMISSIONS = ['read', 'star', 'collect', 'download', 'delete', 'publish'] as const;
export type FilePermission = (typeof FILE_PERMISSIONS)[number];
