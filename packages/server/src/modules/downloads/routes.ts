import {
  DownloadHistoryRequest,
  DownloadHistoryResponse,
  DownloadResponse,
  DownloadStreamQuery,
  FileIdRequest,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileStorage } from '../../platform/storage.js';
import { attachmentHeader } from './content-disposition.js';
import type { DownloadsService } from './service.js';

const tags = ['library'];

/** Downloads (paid plan): a counted link, the bytes behind it, and my history. */
export const downloadRoutes =
  (service: DownloadsService, storage: Pick<FileStorage, 'stream'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/download',
      {
        schema: {
          tags,
          summary: 'Count a download and answer a short-lived signed link to the PDF',
          body: FileIdRequest,
          response: { 200: DownloadResponse },
        },
      },
      async (request) => service.issue(request.viewer, request.body.file_id),
    );

    // HEAD is declared here, not derived from GET: Fastify's derived HEAD reads the whole stream.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/file/download_stream',
      schema: {
        tags,
        summary: 'The PDF as an attachment: a signed link from /download, or a bearer token (counted)',
        querystring: DownloadStreamQuery,
      },
      handler: async (request, reply) => {
        const { file, size, range } = await service.open(request.viewer, request.query, {
          range: request.headers.range,
          head: request.method === 'HEAD',
        });
        void reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'private, no-store');
        if (range.kind === 'unsatisfiable') {
          return reply
            .status(416)
            .header('Content-Range', `bytes */${size}`)
            .send({ error_msg: 'Requested range is not satisfiable', code: 'bad_range' });
        }
        void reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', attachmentHeader(file.file_name));
        // HEAD answers the headers only: no file is opened.
        const body = (r?: { start: number; end: number }) =>
          request.method === 'HEAD' ? undefined : storage.stream(file.sha256, r);
        if (range.kind === 'range') {
          return reply
            .status(206)
            .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
            .header('Content-Length', range.end - range.start + 1)
            .send(body(range));
        }
        return reply.header('Content-Length', size).send(body());
      },
    });

    app.post(
      '/api/file/download_history',
      {
        schema: {
          tags,
          summary: 'My downloads, newest first',
          body: DownloadHistoryRequest,
          response: { 200: DownloadHistoryResponse },
        },
      },
      async (request) => service.history(request.viewer, request.body),
    );
  };
