import { sql, type Selectable } from 'kysely';
import type { FilesTable } from '../../db/schema.js';

/** Columns of a file needed to present it in a result list. */
const LIST_COLUMN_NAMES = [
  'seq',
  'id',
  'file_name',
  'title',
  'issuer',
  'authors',
  'tags',
  'language',
  'page_count',
  'publish_date',
  'asset_class',
  'country',
  'report_type',
  'sector',
  'stock_information',
] as const;
/** LIST_COLUMN_NAMES (and `more`) over `files f`, for a SELECT. */
export const columnsOfF = (more: readonly string[] = []) =>
  sql.raw([...LIST_COLUMN_NAMES, ...more].map((c) => `f.${c}`).join(', '));
export type ListRow = Pick<
  Selectable<FilesTable>,
  | 'id'
  | 'file_name'
  | 'title'
  | 'issuer'
  | 'authors'
  | 'tags'
  | 'language'
  | 'page_count'
  | 'publish_date'
  | 'asset_class'
  | 'country'
  | 'report_type'
  | 'sector'
  | 'stock_information'
> & { seq: number; body?: string; mine?: boolean };
