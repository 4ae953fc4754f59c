import { z } from 'zod';

/**
 * What anyone may read of GET /api/health: whether the instance serves, and whether AI features
 * are available (the settings page says so).
 */
export const PublicHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  llm_configured: z.boolean(),
});
export type PublicHealth = z.infer<typeof PublicHealth>;

/**
 * A re-ingestion of the library: every ready file read again by the current reading, in the
 * background (started by an administrator, or at start when the reading's version changed).
 */
export const ReingestProgress = z.object({
  /** A re-ingestion is queued or running. */
  running: z.boolean(),
  /**
   * While one runs: the ready files it has walked; otherwise the ready files read by the current
   * version of the reading.
   */
  done: z.number().int(),
  /** Ready files. */
  total: z.number().int(),
  /** Ready files read by an older version of the reading (a re-ingestion brings them up to date). */
  outdated: z.number().int(),
  /** The current version of the reading. */
  reading_version: z.number().int(),
});
export type ReingestProgress = z.infer<typeof ReingestProgress>;

/** The operators' view: given to an administrator's token or a request from this machine. */
export const HealthDetails = PublicHealth.extend({
  version: z.string(),
  uptime_s: z.number(),
  /** Whether the database answered a `SELECT 1` within a short time limit. */
  database: z.enum(['ok', 'error']),
  /** Which database this instance runs on. */
  database_dialect: z.enum(['sqlite', 'postgres']),
  /** Round trip of that `SELECT 1`; null when it did not answer. */
  database_latency_ms: z.number().nullable(),
  files: z.object({ ready: z.number().int(), processing: z.number().int(), failed: z.number().int() }),
  /** The job backlog; `oldest_queued_s`: how long the longest-waiting due job has waited (null: none). */
  jobs: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
    oldest_queued_s: z.number().int().nullable(),
  }),
  reingest: ReingestProgress,
});
export type HealthDetails = z.infer<typeof HealthDetails>;

/** The answer of GET /api/health: the details are present only for operators. */
export const HealthResponse = PublicHealth.extend(
  HealthDetails.omit({ status: true, llm_configured: true }).partial().shape,
);
export type HealthResponse = z.infer<typeof HealthResponse>;
