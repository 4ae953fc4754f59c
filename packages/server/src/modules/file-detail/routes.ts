import { ERROR_CODES, FileDetailResponse, FileIdRequest, ViewResponse } from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../http/request-language.js';
import { msg, render } from '../../messages/message.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { parseByteRange } from '../files/byte-range.js';
import type { FileDetailService } from './service.js';

const StreamQuery = z.object({
  v: z.string().max(32).default('original'),
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(128),
});

/** Ranges up to this many bytes are read into memory and sent in one piece. */
const SMALL_RANGE = 1024 * 1024;

export const fileDetailRoutes =
  (service: FileDetailService, storage: FileStorage): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/file_detail',
      {
        schema: {
          tags: ['files'],
          summary: 'Details of a file',
          body: FileIdRequest,
          response: { 200: FileDetailResponse },
        },
      },
      async (request) => service.detail(request.body.file_id, request.viewer),
    );

    app.post(
      '/api/file/view',
      {
        schema: {
          tags: ['files'],
          summary: 'Record a view of a file',
          body: FileIdRequest,
          response: { 200: ViewResponse },
        },
      },
      async (request) => ({
        ok: true as const,
        views: await service.view(request.body.file_id, request.viewer),
      }),
    );

    app.get(
      '/api/file/stream/:file_id',
      {
        schema: {
          tags: ['files'],
          summary:
            'The PDF behind a signed encrypted_file_url, for the session or visitor it was issued to; supports HTTP Range',
          params: FileIdRequest,
          querystring: StreamQuery,
        },
      },
      async (request, reply) => {
        const { sha256 } = await service.streamable(request.params.file_id, request.query, request.viewer);
        // Opened (and sized) before the answer's headers: a missing file fails the call, not a
        // half-sent answer.
        const file = await storage.openForReads(sha256);
        const size = file.size;
        const etag = `"${sha256}"`;
        // The browser may keep the bytes but asks every time (a 304 is cheap), so a link that has
        // ended (logout, expiry) is not served from its cache; shared caches never keep them.
        void reply
          .header('Accept-Ranges', 'bytes')
          .header('ETag', etag)
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Authorization, X-Fingerprint');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        const range = parseByteRange(request.headers.range, size);
        if (range.kind === 'unsatisfiable') {
          return reply
            .status(416)
            .header('Content-Range', `bytes */${size}`)
            .send({
              error_msg: render(msg('rangeNotSatisfiable'), languageOf(request)),
              code: ERROR_CODES.badRange,
            });
        }
        void reply.header('Content-Type', 'application/pdf').header('Content-Disposition', 'inline');
        if (range.kind === 'range') {
          // A viewer's ranges are small: one read into memory is far cheaper under load than a
          // stream (each of its steps waits for a turn of the event loop).
          const length = range.end - range.start + 1;
          const body = length <= SMALL_RANGE ? await file.read(range) : await storage.stream(sha256, range);
          return reply
            .status(206)
            .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
            .header('Content-Length', range.end - range.start + 1)
            .send(body);
        }
        return reply.header('Content-Length', size).send(await storage.stream(sha256));
      },
    );
  };
