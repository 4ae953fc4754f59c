/**
 * The version of the reading: text extraction (pdf/) and metadata inference, and how the text is
 * written into the search index (segmentation, folding). Raise it with a change that reads or
 * indexes reports differently: at the next start every ready file read by an older version is
 * read again in the background (reingest-job.ts), corrections kept, and its search entry rewritten.
 */
export const READING_VERSION = 4;
