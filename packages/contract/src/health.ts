import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptime_s: z.number(),
  database: z.enum(['ok', 'error']),
  files: z.object({ ready: z.number().int(), processing: z.number().int(), failed: z.number().int() }),
  jobs: z.object({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  llm_configured: z.boolean(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
