import { ErrorBody, SummaryRequest, SummaryResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SummaryService } from './service.js';

export const summaryRoutes =
  (service: SummaryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/summary',
      {
        schema: {
          tags: ['summary'],
          summary: "The file's summary: the stored one at once, else written now (counts the summary quota)",
          body: SummaryRequest,
          response: {
            200: SummaryResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
          },
        },
      },
      async (request) => service.summary(request.body.file_id, request.viewer),
    );
  };
