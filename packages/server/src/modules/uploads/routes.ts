import {
  Ok,
  UploadChunkQuery,
  UploadIdRequest,
  UploadInitRequest,
  UploadResponse,
  UploadSession,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerMultipart } from '../../http/multipart.js';
import { declaredLength } from '../../http/body-length.js';
import { closeSlowBodies, type BodyPace } from '../../http/body-pace.js';
import { CHUNK_BODY_MAX, type ChunkedUploads } from './chunked.js';
import { brokenUpload, type UploadService } from './service.js';

const tags = ['uploads'];

/** The Fastify instance a route plugin is given (with zod schemas). */
type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Uploads: one multipart request (field `file`) for files up to UPLOAD_CHUNKED_ABOVE, or a chunked,
 * resumable upload (init, PUT chunk, status, complete, cancel). Multipart parsing and the raw
 * chunk body parser are registered for these routes only; so is the watch on slow bodies.
 */
export const uploadRoutes =
  (uploads: UploadService, chunked: ChunkedUploads, pace: BodyPace): FastifyPluginAsyncZod =>
  async (app) => {
    closeSlowBodies(app, pace);
    await registerMultipart(app);
    app.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: CHUNK_BODY_MAX },
      (_request, body, done) => done(null, body),
    );
    oneRequestUploadRoute(app, uploads);
    chunkedUploadRoutes(app, chunked);
  };

/** The upload in one multipart request. */
function oneRequestUploadRoute(app: RoutesApp, uploads: UploadService): void {
  app.post(
    '/api/file/user_upload',
    {
      // Bounded by the stall timeout rather than the body deadline: a PDF may take long.
      config: { uploadBody: true },
      schema: {
        tags,
        summary: 'Upload a PDF (multipart/form-data, field `file`) as my private file',
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse },
      },
    },
    async (request) => {
      return uploads.upload(request.viewer, declaredLength(request.headers), async (max) => {
        if (!request.isMultipart()) return undefined;
        try {
          return await request.file({ limits: { fileSize: max + 1 }, throwFileSizeLimit: false });
        } catch (err) {
          // The parser's own errors (no boundary, body cut short) carry no status: the body is bad.
          if ((err as { statusCode?: number }).statusCode === undefined) throw brokenUpload();
          throw err;
        }
      });
    },
  );
}

/** The chunked, resumable upload: init, chunk, status, complete, cancel. */
function chunkedUploadRoutes(app: RoutesApp, chunked: ChunkedUploads): void {
  app.post(
    '/api/file/user_upload/init',
    {
      schema: {
        tags,
        summary: 'Start a chunked, resumable upload (plan limits checked against the declared size)',
        body: UploadInitRequest,
        response: { 200: UploadSession },
      },
    },
    async (request) => chunked.init(request.viewer, request.body),
  );

  app.put(
    '/api/file/user_upload/chunk',
    {
      bodyLimit: CHUNK_BODY_MAX,
      config: { uploadBody: true },
      schema: {
        tags,
        summary:
          'Send the chunk at `offset` (= received_bytes; else 409 with received_bytes). Body: raw bytes, application/octet-stream',
        consumes: ['application/octet-stream'],
        querystring: UploadChunkQuery,
        response: { 200: UploadSession },
      },
      // Every refusal that needs no body comes before it is read (an anonymous caller, an unknown
      // upload, a wrong offset or length, too many bodies at once): a body is never read in vain.
      onRequest: async (request, reply) => {
        const query = UploadChunkQuery.safeParse(request.query);
        const at = query.success ? { id: query.data.upload_id, offset: query.data.offset } : null;
        const release = await chunked.admitChunk(request.viewer, at, declaredLength(request.headers));
        // Answered, failed or cut off: the response closes in every case.
        reply.raw.once('close', release);
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return chunked.chunk(request.viewer, request.query.upload_id, request.query.offset, body);
    },
  );

  app.post(
    '/api/file/user_upload/status',
    {
      schema: {
        tags,
        summary: 'Where a chunked upload stands (to resume after a dropped connection)',
        body: UploadIdRequest,
        response: { 200: UploadSession },
      },
    },
    async (request) => chunked.status(request.viewer, request.body.upload_id),
  );

  app.post(
    '/api/file/user_upload/complete',
    {
      schema: {
        tags,
        summary: 'Finish a chunked upload: the file is ingested like a one-request upload',
        body: UploadIdRequest,
        response: { 200: UploadResponse },
      },
    },
    async (request) => chunked.complete(request.viewer, request.body.upload_id),
  );

  app.post(
    '/api/file/user_upload/cancel',
    {
      schema: {
        tags,
        summary: 'Abandon a chunked upload and drop its bytes',
        body: UploadIdRequest,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await chunked.cancel(request.viewer, request.body.upload_id);
      return { ok: true as const };
    },
  );
}
