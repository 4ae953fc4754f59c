import { ErrorBody, TranslateQueryResponse, TranslateRequest, TranslateSubmitResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TranslationService } from './service.js';

export const translationRoutes =
  (service: TranslationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/translate/submit',
      {
        schema: {
          tags: ['translation'],
          summary:
            "Start or join the file's shared Chinese translation (counts the translation quota unless finished)",
          body: TranslateRequest,
          response: {
            200: TranslateSubmitResponse,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            503: ErrorBody,
          },
        },
      },
      async (request) => service.submit(request.body.file_id, request.body.to_lang, request.viewer),
    );

    app.post(
      '/api/file/translate/query',
      {
        schema: {
          tags: ['translation'],
          summary: "The file's translation status, progress and, when finished, the translated PDF's URL",
          body: TranslateRequest,
          response: { 200: TranslateQueryResponse, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => service.query(request.body.file_id, request.body.to_lang, request.viewer),
    );
  };
