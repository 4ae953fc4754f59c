import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { JobsTable } from '../db/schema.js';

export type JobRow = Selectable<JobsTable>;

/**
 * Every kind of job, once: its payload's schema, its first step and how it is queued. `enqueue`
 * takes a name of this list and its payload's type; the runner parses a claimed job's payload
 * with its schema before a handler sees it; the wiring must give a handler for every name
 * (wiring/job-handlers.ts does not compile without one).
 */

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  payload: P;
  firstStep: string;
  /** Runs of a job before it fails for good (3 when absent). */
  maxAttempts?: number;
  /** Higher first among due jobs (0 when absent); a background walk of the library runs below. */
  priority?: number;
}
export type JobList = Record<string, JobDefinition>;

const FileSeq = z.number().int().positive();

/** A background walk of the library runs below every other job: uploads and summaries first. */
export const WALK_PRIORITY = -10;

export const JOBS = {
  /** Read a stored PDF (extract), then index it and mark it ready (index). */
  ingest: { payload: z.object({ file_seq: FileSeq }), firstStep: 'extract' },
  /** Read the library again after a change of the reading: a walk whose step is its cursor. */
  reingest: {
    payload: z.object({ all: z.boolean() }),
    firstStep: 'after:0',
    // A long walk meets more passing failures (a store briefly away) than one file's job.
    maxAttempts: 10,
    priority: WALK_PRIORITY,
  },
  /**
   * The model's pass over a note's research data (with a provider), after its reading. `new_report`:
   * after its first indexing, when what the pass finds reaches followers (not after a re-reading).
   */
  research: {
    payload: z.object({ file_seq: FileSeq, new_report: z.boolean().default(false) }),
    firstStep: 'read',
  },
  /** A report's summaries. */
  summarise: { payload: z.object({ file_seq: FileSeq }), firstStep: 'summarise' },
  /** A new report reaches the inboxes of the follows it matches. */
  alerts: { payload: z.object({ file_seq: FileSeq }), firstStep: 'match' },
  /**
   * The e-mail digests owed now: queue each user's period once (scan), then send the due ones
   * (send, repeated while more are due). Queued by a timer of every process that runs jobs.
   */
  digests: { payload: z.object({}), firstStep: 'scan' },
  /** The shared translation of a report into a language. */
  translate: { payload: z.object({ file_seq: FileSeq, lang: z.string().min(1) }), firstStep: 'translate' },
} satisfies JobList;

export type JobName = keyof typeof JOBS;
export type PayloadOf<L extends JobList, N extends keyof L> = z.output<L[N]['payload']>;
export type JobPayload<N extends JobName> = PayloadOf<typeof JOBS, N>;

/** A stored payload of the kind `name`, read by its schema as its handler takes it, or why it cannot be. */
export function readPayload<L extends JobList, N extends keyof L & string>(
  list: L,
  name: N,
  json: string,
): { payload: PayloadOf<L, N> } | { error: string } {
  const def = Object.hasOwn(list, name) ? list[name] : undefined;
  if (!def) return { error: `no handler for job type ${name}` };
  const schema: L[N]['payload'] = def.payload;
  let parsed;
  try {
    parsed = schema.safeParse(JSON.parse(json));
  } catch {
    return { error: `the payload of a ${name} job is not JSON` };
  }
  return parsed.success
    ? { payload: parsed.data }
    : { error: `the payload of a ${name} job is not what it takes` };
}

/** One kind of job: runs the step named, answers the next step or 'done'. */
export interface JobHandler<Payload> {
  /** `signal` aborts when this worker lost the job (its lease ran out and another took it over). */
  runStep(step: string, payload: Payload, job: JobRow, signal?: AbortSignal): Promise<string | 'done'>;
  /** Called once when the job has failed for good. */
  onFailed(payload: Payload, error: { code: string; message: string }): Promise<void>;
  /**
   * A long background walk: after each step the job goes back to the queue, so due jobs of a
   * higher priority (uploads) are claimed before its next step.
   */
  yieldsAfterEachStep?: boolean;
}

/** A handler for every job of a list, each typed by its payload. */
export type HandlersOf<L extends JobList> = { [N in keyof L]: JobHandler<PayloadOf<L, N>> };

/** A failure that retrying cannot fix (a damaged PDF): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
