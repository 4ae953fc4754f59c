import {
  CompanyDetailRequest,
  CompanyDetailResponse,
  CompanySearchRequest,
  CompanySearchResponse,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CompaniesService } from './service.js';

export const companyRoutes =
  (service: CompaniesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/company/search',
      {
        schema: {
          tags: ['companies'],
          summary: 'Companies the library covers, by ticker in any printed form or by a part of a name',
          body: CompanySearchRequest.default({ input_content: '', limit: 10 }),
          response: { 200: CompanySearchResponse },
        },
      },
      async (request) => service.search(request.body.input_content, request.body.limit),
    );

    app.post(
      '/api/company/detail',
      {
        schema: {
          tags: ['companies'],
          summary:
            "One company: its brokers' latest views, every dated view (targets over time) and the rating distribution",
          body: CompanyDetailRequest,
          response: { 200: CompanyDetailResponse },
        },
      },
      async (request) => service.detail(request.body),
    );
  };
