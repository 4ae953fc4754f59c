import type { MyFile } from '@rl/contract';
import type { Language } from '../../messages/bilingual.js';
import { fromEnglish } from '../../messages/from-english.js';
import { msg, render } from '../../messages/message.js';
import type { FileRow } from '../files/presenter.js';

/** Why a file failed, stored in English by ingestion, in the owner's language when the catalogue knows it. */
function failReason(stored: string | null, language: Language): string {
  const message = stored === null ? msg('processingFailed') : fromEnglish(stored);
  return message ? render(message, language) : (stored ?? '');
}

/** A file of mine as its owner reads it, in the owner's language. */
export function presentMyFile(r: FileRow, language: Language): MyFile {
  return {
    id: r.id,
    file_name: r.file_name,
    title: r.title,
    issuer: r.issuer,
    status: r.status,
    fail_reason: r.status === 'failed' ? failReason(r.fail_reason, language) : null,
    size_bytes: r.size_bytes,
    page_count: r.page_count,
    publish_date: r.publish_date,
    upload_time: r.upload_time,
    updated_time: r.updated_time,
    visibility: r.visibility,
  };
}
