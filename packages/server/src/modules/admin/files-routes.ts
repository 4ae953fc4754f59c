import {
  AdminFileDeleteResponse,
  AdminFileDownloadHistoryRequest,
  AdminFileDownloadHistoryResponse,
  AdminFileDownloadResponse,
  AdminFileEditRequest,
  AdminFileIdRequest,
  AdminFileListRequest,
  AdminFileListResponse,
  AdminFileResponse,
  DownloadStreamQuery,
} from '@rl/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { declaredLength } from '../../http/body-length.js';
import { registerMultipart } from '../../http/multipart.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { sendAttachment } from '../downloads/send-attachment.js';
import { brokenUpload } from '../uploads/service.js';
import type { AdminFilesService } from './files-service.js';
import type { AdminTransfers, AdminUploadPart } from './files-transfer.js';
import { adminScope, requireAdmin, type AdminOfToken } from '../../http/admin-guard.js';

const tags = ['admin'];

/** The multipart parts of an upload request; a body the parser cannot read is a 400. */
async function* partsOf(request: FastifyRequest): AsyncGenerator<AdminUploadPart> {
  if (!request.isMultipart()) return;
  try {
    for await (const part of request.parts()) yield part as AdminUploadPart;
  } catch (err) {
    // The parser's own errors (no boundary, body cut short) carry no status: the body is bad.
    if ((err as { statusCode?: number }).statusCode === undefined) throw brokenUpload();
    throw err;
  }
}

/** The Fastify instance a route plugin is given (with zod schemas). */
type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `/api/manage/file/*`. Every call passes the admin guard, except `GET download_stream`: a browser
 * follows that link without a header, so its signature is its authority.
 */
export const adminFileRoutes =
  (
    adminOfToken: AdminOfToken,
    service: AdminFilesService,
    transfers: AdminTransfers,
    storage: Pick<FileStorage, 'stream'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    downloadStreamRoute(app, transfers, storage);
    await app.register(
      adminScope(adminOfToken, async (scope) => {
        await registerMultipart(scope);
        const guarded = scope.withTypeProvider<ZodTypeProvider>();
        fileRecordRoutes(guarded, service);
        fileTransferRoutes(guarded, transfers);
        downloadHistoryRoute(guarded, service);
      }),
    );
  };

/** The signed link's download, outside the guard. */
function downloadStreamRoute(
  app: RoutesApp,
  transfers: AdminTransfers,
  storage: Pick<FileStorage, 'stream'>,
): void {
  // HEAD is declared here, not derived from GET: Fastify's derived HEAD reads the whole stream.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/manage/file/download_stream',
    schema: {
      tags,
      summary: 'Any file as an attachment, behind a signed link from /download; supports Range',
      querystring: DownloadStreamQuery,
    },
    handler: async (request, reply) => {
      const got = await transfers.open(request.query, { range: request.headers.range });
      return sendAttachment(reply, storage, { ...got, head: request.method === 'HEAD' });
    },
  });
}

/** A file's record: list, details, edit, delete. */
function fileRecordRoutes(guarded: RoutesApp, service: AdminFilesService): void {
  guarded.post(
    '/api/manage/file/list',
    {
      schema: {
        tags,
        summary: 'Every file (private, processing, failed, taken down): filters, sorting, paging',
        body: AdminFileListRequest,
        response: { 200: AdminFileListResponse },
      },
    },
    async (request) => service.list(request.body),
  );
  guarded.post(
    '/api/manage/file/details',
    {
      schema: {
        tags,
        summary: 'A file with its metadata, downloads and stars',
        body: AdminFileIdRequest,
        response: { 200: AdminFileResponse },
      },
    },
    async (request) => service.details(request.body),
  );
  guarded.post(
    '/api/manage/file/edit',
    {
      schema: {
        tags,
        summary: "Change a file's metadata or visibility; search follows at once (audited)",
        body: AdminFileEditRequest,
        response: { 200: AdminFileResponse },
      },
    },
    async (request) => service.edit(requireAdmin(request), request.body),
  );
  guarded.post(
    '/api/manage/file/delete',
    {
      schema: {
        tags,
        summary: 'Delete a file everywhere: row, search, stars, collections, stored bytes (audited)',
        body: AdminFileIdRequest,
        response: { 200: AdminFileDeleteResponse },
      },
    },
    async (request) => service.remove(requireAdmin(request), request.body),
  );
}

/** A file's bytes: upload into the library, a signed download link. */
function fileTransferRoutes(guarded: RoutesApp, transfers: AdminTransfers): void {
  guarded.post(
    '/api/manage/file/upload',
    {
      // A PDF may take longer than the body deadline; only an administrator gets this far.
      config: { uploadBody: true },
      schema: {
        tags,
        summary: 'Upload a PDF into the public library (multipart: file, file_name) (audited)',
        consumes: ['multipart/form-data'],
        response: { 200: AdminFileResponse },
      },
    },
    async (request) =>
      transfers.upload(requireAdmin(request), declaredLength(request.headers), partsOf(request)),
  );
  guarded.post(
    '/api/manage/file/download',
    {
      schema: {
        tags,
        summary: 'A signed link (5 minutes) to the PDF of any file; counted against no quota',
        body: AdminFileIdRequest,
        response: { 200: AdminFileDownloadResponse },
      },
    },
    async (request) => transfers.downloadLink(requireAdmin(request), request.body.file_id),
  );
}

/** Who downloaded a file. */
function downloadHistoryRoute(guarded: RoutesApp, service: AdminFilesService): void {
  guarded.post(
    '/api/manage/file/download_history',
    {
      schema: {
        tags,
        summary: "Users' downloads of a file, newest first",
        body: AdminFileDownloadHistoryRequest,
        response: { 200: AdminFileDownloadHistoryResponse },
      },
    },
    async (request) => service.downloadHistory(request.body),
  );
}
