import {
  CompanyNamesListRequest,
  CompanyNamesListResponse,
  CompanyNamesRecord,
  CompanyNamesSaveRequest,
} from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope, requireAdmin, type AdminOfToken } from '../../http/admin-guard.js';
import type { CompanyNamesService } from './names-service.js';

const tags = ['companies'];

/** The console's names of companies (admin guard): find companies, set one's names (audited). */
export const companyNamesRoutes =
  (service: CompanyNamesService, adminOfToken: AdminOfToken): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      adminScope(adminOfToken, (scope) => {
        const guarded = scope.withTypeProvider<ZodTypeProvider>();
        guarded.post(
          '/api/manage/company/list',
          {
            schema: {
              tags,
              summary: 'Companies with every name and where it comes from, by ticker or a part of a name',
              body: CompanyNamesListRequest.default({ keyword: '', limit: 20 }),
              response: { 200: CompanyNamesListResponse },
            },
          },
          async (request) => service.list(request.body.keyword, request.body.limit),
        );
        guarded.post(
          '/api/manage/company/save',
          {
            schema: {
              tags,
              summary: "Set a company's English and Chinese names, every one (audited)",
              body: CompanyNamesSaveRequest,
              response: { 200: CompanyNamesRecord },
            },
          },
          async (request) => service.save(requireAdmin(request), request.body),
        );
      }),
    );
  };
