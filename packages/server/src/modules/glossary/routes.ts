import {
  GlossaryDeleteResponse,
  GlossaryIdRequest,
  GlossaryImportRequest,
  GlossaryImportResponse,
  GlossaryListRequest,
  GlossaryListResponse,
  GlossarySaveRequest,
  GlossaryTermResponse,
} from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../http/request-language.js';
import { adminScope, requireAdmin, type AdminOfToken } from '../../http/admin-guard.js';
import type { GlossaryService } from './service.js';

const tags = ['glossary'];

/** The console's finance glossary (admin guard): list, save, delete, restore, import, export. */
export const glossaryRoutes =
  (service: GlossaryService, adminOfToken: AdminOfToken): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      adminScope(adminOfToken, (scope) => {
        const guarded = scope.withTypeProvider<ZodTypeProvider>();
        guarded.post(
          '/api/manage/glossary/list',
          {
            schema: {
              tags,
              summary: 'The glossary: keyword, domain and origin filters, paged',
              body: GlossaryListRequest,
              response: { 200: GlossaryListResponse },
            },
          },
          async (request) => service.list(request.body),
        );
        guarded.post(
          '/api/manage/glossary/save',
          {
            schema: {
              tags,
              summary: 'Add a term (no id) or change one (audited)',
              body: GlossarySaveRequest,
              response: { 200: GlossaryTermResponse },
            },
          },
          async (request) => service.save(requireAdmin(request), request.body),
        );
        guarded.post(
          '/api/manage/glossary/delete',
          {
            schema: {
              tags,
              summary: 'Delete a term added here, or remove a built-in one (audited)',
              body: GlossaryIdRequest,
              response: { 200: GlossaryDeleteResponse },
            },
          },
          async (request) => service.delete(requireAdmin(request), request.body),
        );
        guarded.post(
          '/api/manage/glossary/restore',
          {
            schema: {
              tags,
              summary: 'Put a built-in term back as shipped (audited)',
              body: GlossaryIdRequest,
              response: { 200: GlossaryTermResponse },
            },
          },
          async (request) => service.restore(requireAdmin(request), request.body),
        );
        guarded.post(
          '/api/manage/glossary/import',
          {
            bodyLimit: 4 * 1024 * 1024,
            schema: {
              tags,
              summary: 'Import a CSV of terms in one go, or refuse it naming its bad lines (audited)',
              body: GlossaryImportRequest,
              response: { 200: GlossaryImportResponse },
            },
          },
          async (request) => service.importCsv(requireAdmin(request), request.body, languageOf(request)),
        );
        guarded.post(
          '/api/manage/glossary/export',
          {
            schema: {
              tags,
              summary: 'The terms in use as CSV (zh,en,domain), the import format',
              body: z.object({}).optional(),
            },
          },
          async (_request, reply) => {
            const csv = await service.exportCsv();
            return reply
              .type('text/csv; charset=utf-8')
              .header('content-disposition', 'attachment; filename="glossary.csv"')
              .send(csv);
          },
        );
      }),
    );
  };
