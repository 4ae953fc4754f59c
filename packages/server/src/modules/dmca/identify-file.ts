/** What a complaint's "filename" field says about the file it means: ids found in links, and the name. */
export interface FileReference {
  /** File ids named by a link to the report (`…?file=<id>`), or the whole text when it is an id. */
  ids: string[];
  /** The text as a name or title, trimmed; a name without `.pdf` also matches the file `<name>.pdf`. */
  names: string[];
}

const ID = /^[A-Za-z0-9_-]{16}$/;
const LINKED_ID = /[?&]file=([A-Za-z0-9_-]{8,64})(?=$|[&#\s])/g;

/** Reads the complainant's words for the ways they can name one file: a link, an id, a name. */
export function fileReference(text: string): FileReference {
  const trimmed = text.trim();
  const ids = [...trimmed.matchAll(LINKED_ID)].map((m) => m[1]!);
  if (ID.test(trimmed)) ids.push(trimmed);
  const names = trimmed && !/\.pdf$/i.test(trimmed) ? [trimmed, `${trimmed}.pdf`] : trimmed ? [trimmed] : [];
  return { ids: [...new Set(ids)], names };
}
