import { AllStarsRequest, AllStarsResponse, StarRequest, StarResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StarsService } from './service.js';

const tags = ['library'];

/** Starring files; login required (401 otherwise). */
export const starRoutes =
  (service: StarsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/star',
      {
        schema: {
          tags,
          summary: 'Star or unstar a file (idempotent)',
          body: StarRequest,
          response: { 200: StarResponse },
        },
      },
      async (request) => service.star(request.viewer, request.body.file_id, request.body.active_star),
    );
    app.post(
      '/api/file/allstars',
      {
        schema: {
          tags,
          summary: 'My starred files, newest star first; issuer and publish-date filters',
          body: AllStarsRequest,
          response: { 200: AllStarsResponse },
        },
      },
      async (request) => service.list(request.viewer, request.body),
    );
  };
