import type { Generated } from 'kysely';

/* What the server keeps for itself: the job queue and its settings. */

export interface JobsTable {
  id: Generated<number>;
  type: string;
  /** JSON object. */
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  step: string;
  attempts: number;
  max_attempts: number;
  run_after: string;
  locked_at: string | null;
  /** The worker running the job (kept once it is done: who ran it). */
  locked_by: string | null;
  /** ISO time (the database's clock) until which `locked_by` holds the running job. */
  lease_until: string | null;
  /** Set when the current run took the job over from this worker, whose lease ran out. */
  taken_over_from: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  priority: Generated<number>; // higher first among due jobs (0015); background walks below 0
}

export interface SettingsTable {
  key: string;
  value: string;
}
