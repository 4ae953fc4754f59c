import type { Db } from '../src/db/database.js';
import { JOBS, readPayload, type JobName, type JobPayload } from '../src/jobs/job-list.js';

const isJobName = (type: string): type is JobName => Object.hasOwn(JOBS, type);

/** A stored job's payload read through its kind's schema, as the runner reads it. */
function payloadOf<N extends JobName>(type: N, json: string): JobPayload<N> {
  const read = readPayload(JOBS, type, json);
  if ('error' in read) throw new Error(read.error);
  return read.payload;
}

/** The payloads of the jobs of one kind in the table, read through their schema as the runner reads them. */
export async function queuedPayloads<N extends JobName>(db: Db, type: N): Promise<JobPayload<N>[]> {
  const rows = await db.selectFrom('jobs').select('payload').where('type', '=', type).orderBy('id').execute();
  return rows.map((r) => payloadOf(type, r.payload));
}

/** The file a stored job is about, read through its kind's schema (throws for a job about none). */
export function fileSeqOf(job: { type: string; payload: string }): number {
  if (!isJobName(job.type)) throw new Error(`no job of type ${job.type}`);
  const payload = payloadOf(job.type, job.payload);
  if (!('file_seq' in payload)) throw new Error(`a ${job.type} job is about no file`);
  return payload.file_seq;
}
