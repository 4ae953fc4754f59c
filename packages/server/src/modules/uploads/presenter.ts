import type { MyFile } from '@rl/contract';
import type { FileRow } from '../files/presenter.js';

export function presentMyFile(r: FileRow): MyFile {
  return {
    id: r.id,
    file_name: r.file_name,
    title: r.title,
    issuer: r.issuer,
    status: r.status,
    fail_reason: r.status === 'failed' ? (r.fail_reason ?? 'Processing failed') : null,
    size_bytes: r.size_bytes,
    page_count: r.page_count,
    publish_date: r.publish_date,
    upload_time: r.upload_time,
    updated_time: r.updated_time,
    visibility: r.visibility,
  };
}
