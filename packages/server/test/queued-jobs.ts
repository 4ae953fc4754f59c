import type { Db } from '../src/db/database.js';
import { JOBS, readPayload, type JobName, type JobPayload } from '../src/jobs/job-list.js';

/** The payloads of the jobs of one kind in the table, read through their schema as the runner reads them. */
export async function queuedPayloads<N extends JobName>(db: Db, type: N): Promise<JobPayload<N>[]> {
  const rows = await db.selectFrom('jobs').select('payload').where('type', '=', type).orderBy('id').execute();
  return rows.map((r) => {
    const read = readPayload(JOBS, type, r.payload);
    if ('error' in read) throw new Error(read.error);
    return read.payload;
  });
}
