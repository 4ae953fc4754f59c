import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';

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

/**
 * Whether any of `columns` contains `keyword`, ignoring case, its wildcards taken literally: the
 * keyword search of the console's lists.
 */
export const containsKeyword = <DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly StringReference<DB, TB>[],
  keyword: string,
): Expression<SqlBool> => {
  const pattern = containingPattern(keyword);
  return eb.or(columns.map((c) => likeIgnoringCase(eb.ref(c), pattern)));
};
