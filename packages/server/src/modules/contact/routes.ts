import {
  ContactSubmitRequest,
  ContactSubmitResponse,
  MessageEditRequest,
  MessageEditResponse,
  MessageListRequest,
  MessageListResponse,
  SupportContactsResponse,
} from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope, requireAdmin, type AdminOfToken } from '../../http/admin-guard.js';
import { refuseInvalidForm } from '../security-check/form-errors.js';
import type { ContactService } from './service.js';

const tags = ['contact'];

/** Contact us: the support contacts and the message form; the console's messages (admin guard). */
export const contactRoutes =
  (service: ContactService, adminOfToken: AdminOfToken): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/pub/contact',
      {
        config: { staleTokenOk: true },
        schema: {
          tags,
          summary: 'The support contacts (null when not configured)',
          response: { 200: SupportContactsResponse },
        },
      },
      async () => service.contacts(),
    );
    app.post(
      '/api/pub/contact_submit',
      {
        attachValidation: true,
        schema: {
          tags,
          summary: 'Send a message to the administrators (visitors pass the security check)',
          body: ContactSubmitRequest,
          response: { 200: ContactSubmitResponse },
        },
      },
      async (request) => {
        refuseInvalidForm(request, { altcha: null });
        return service.submit(request.viewer, request.body);
      },
    );

    await app.register(
      adminScope(adminOfToken, (scope) => {
        const guarded = scope.withTypeProvider<ZodTypeProvider>();
        guarded.post(
          '/api/manage/message/list',
          {
            schema: {
              tags,
              summary: 'Contact-us messages: handled and keyword filters, newest first, paged',
              body: MessageListRequest,
              response: { 200: MessageListResponse },
            },
          },
          async (request) => service.list(request.body),
        );
        guarded.post(
          '/api/manage/message/edit',
          {
            schema: {
              tags,
              summary: 'Mark a message handled or not (audited)',
              body: MessageEditRequest,
              response: { 200: MessageEditResponse },
            },
          },
          async (request) => service.edit(requireAdmin(request), request.body),
        );
      }),
    );
  };
