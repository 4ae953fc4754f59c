import type { FileTakedown, MyFile } from '@rl/contract';
import type { Language } from '../../messages/bilingual.js';
import { fromEnglish } from '../../messages/from-english.js';
import { msg, render } from '../../messages/message.js';
import { correctedFieldsOf } from '../files/corrections.js';
import { reportTypeOf, sectorOf } from '../files/meta-columns.js';
import {
  listAuthors,
  listIssuer,
  listTags,
  listTitle,
  stockInformationOf,
  type FileRow,
} from '../files/presenter.js';
import { bareTakedown } from '../dmca/takedown.js';

/** Why a file failed, stored in English by ingestion, in the owner's language when the catalogue knows it. */
function failReason(stored: string | null, language: Language): string {
  const message = stored === null ? msg('processingFailed') : fromEnglish(stored);
  return message ? render(message, language) : (stored ?? '');
}

/**
 * A file of mine as its owner reads it, in the owner's language. `takedown`: the complaints that
 * keep it down, when they were read (takedownsOf); else only the time it was taken down.
 */
export function presentMyFile(
  r: FileRow,
  language: Language,
  takedown: FileTakedown | null = bareTakedown(r),
): MyFile {
  return {
    id: r.id,
    file_name: r.file_name,
    title: listTitle(r.title),
    issuer: listIssuer(r.issuer),
    status: r.status,
    fail_reason: r.status === 'failed' ? failReason(r.fail_reason, language) : null,
    size_bytes: r.size_bytes,
    page_count: r.page_count,
    publish_date: r.publish_date,
    upload_time: r.upload_time,
    updated_time: r.updated_time,
    visibility: r.visibility,
    authors: listAuthors(r.authors),
    report_type: reportTypeOf(r.report_type),
    tags: listTags(r.tags),
    corrected_fields: correctedFieldsOf(r.corrected_fields),
    stock_information: stockInformationOf(r.stock_information),
    sector: sectorOf(r.sector),
    takedown,
  };
}
