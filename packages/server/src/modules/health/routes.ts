import { HealthResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobsRepo } from '../../jobs/jobs-repo.js';
import type { FilesRepo } from '../files/repo.js';

export const healthRoutes =
  (deps: {
    files: FilesRepo;
    jobs: JobsRepo;
    version: string;
    llmConfigured: boolean;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness, library and job counts',
          response: { 200: HealthResponse },
        },
      },
      async () => {
        const base = {
          version: deps.version,
          uptime_s: Math.round(process.uptime()),
          llm_configured: deps.llmConfigured,
        };
        try {
          const [files, jobs] = await Promise.all([deps.files.countByStatus(), deps.jobs.countByState()]);
          return {
            ...base,
            status: 'ok' as const,
            database: 'ok' as const,
            files,
            jobs: { queued: jobs.queued, running: jobs.running, failed: jobs.failed },
          };
        } catch {
          const zero = { ready: 0, processing: 0, failed: 0 };
          return {
            ...base,
            status: 'degraded' as const,
            database: 'error' as const,
            files: zero,
            jobs: { queued: 0, running: 0, failed: 0 },
          };
        }
      },
    );
  };
