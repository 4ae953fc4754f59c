import {
  DownloadHistoryRequest,
  DownloadHistoryResponse,
  DownloadResponse,
  DownloadStreamQuery,
  FileIdRequest,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileStorage } from '../../platform/storage/types.js';
import { sendAttachment } from './send-attachment.js';
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
        return sendAttachment(reply, storage, { file, size, range, head: request.method === 'HEAD' });
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
