import { sql, type Expression, type RawBuilder } from 'kysely';

/** Escapes LIKE's wildcards; use with `ESCAPE '\'`. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containingPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A LIKE pattern matching what starts with `text`, its wildcards taken literally. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;

/**
 * `expr LIKE pattern` ignoring case in both dialects: SQLite's LIKE ignores ASCII case but
 * PostgreSQL's does not, so both sides are lower-cased. The pattern escapes with a backslash.
 */
export const likeIgnoringCase = (expr: Expression<unknown>, pattern: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${expr}) LIKE lower(${pattern}) ESCAPE '\\'`;
