/** Escapes LIKE's wildcards; use with `ESCAPE '\'`. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
