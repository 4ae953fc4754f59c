import type { AdminFileDetail, AdminFileEditRequest } from '@rl/contract';
import {
  researchChanges,
  researchValuesOf,
  type ResearchValues,
} from '../../../components/research/company-corrections';

/** The edit form's values: plain data (the date as `YYYY-MM-DD`), so changes compare simply. */
export interface FileEditValues extends ResearchValues {
  title: string;
  issuer: string;
  authors: string[];
  publish_date: string | null;
  report_type: AdminFileDetail['report_type'];
  asset_class: string | null;
  country: string | null;
  tags: string[];
  language: string;
  visibility: AdminFileDetail['visibility'];
  /** An upload's research data checked by an administrator (a library report needs no check). */
  research_confirmed: boolean;
}

export type FileEditChanges = Omit<AdminFileEditRequest, 'file_id'>;

export function editValuesOf(file: AdminFileDetail): FileEditValues {
  return {
    title: file.title,
    issuer: file.issuer,
    authors: file.authors,
    publish_date: file.publish_date,
    report_type: file.report_type,
    asset_class: file.asset_class,
    country: file.country,
    tags: file.tags,
    language: file.language,
    visibility: file.visibility,
    research_confirmed: file.research_confirmed_time !== null,
    ...researchValuesOf(file),
  };
}

/** A list as the server would store it: trimmed entries, no blanks, no repeats. */
function cleanList(values: readonly string[] | undefined): string[] {
  return [...new Set((values ?? []).map((value) => value.trim()).filter(Boolean))];
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The fields the administrator changed, and only those: the server records each edit in the audit
 * log with its before and after, and a field left alone must not appear there.
 */
export function changedFields(file: AdminFileDetail, values: FileEditValues): FileEditChanges {
  const changes: Record<string, unknown> = {};
  const title = values.title.trim();
  if (title !== file.title) changes.title = title;
  const issuer = values.issuer.trim();
  if (issuer !== file.issuer) changes.issuer = issuer;
  const authors = cleanList(values.authors);
  if (!sameList(authors, file.authors)) changes.authors = authors;
  const tags = cleanList(values.tags);
  if (!sameList(tags, file.tags)) changes.tags = tags;
  const publishDate = values.publish_date ?? null;
  if (publishDate !== file.publish_date) changes.publish_date = publishDate;
  if (values.report_type !== file.report_type) changes.report_type = values.report_type;
  const assetClass = values.asset_class ?? null;
  if (assetClass !== file.asset_class) changes.asset_class = assetClass;
  const country = values.country ?? null;
  if (country !== file.country) changes.country = country;
  if (values.language !== file.language) changes.language = values.language;
  if (values.visibility !== file.visibility) changes.visibility = values.visibility;
  if (file.owner_id !== null && values.research_confirmed !== (file.research_confirmed_time !== null))
    changes.research_confirmed = values.research_confirmed;
  return { ...changes, ...researchChanges(file, values) } as FileEditChanges;
}
