import {
  CounterNoticeActionRequest,
  CounterNoticeActionResponse,
  CounterNoticeSubmitRequest,
  CounterNoticeSubmitResponse,
  DmcaEditRequest,
  DmcaEditResponse,
  DmcaListRequest,
  DmcaListResponse,
  DmcaSubmitRequest,
  DmcaSubmitResponse,
} from '@rl/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminScope, requireAdmin, type AdminOfToken } from '../../http/admin-guard.js';
import { refuseInvalidForm } from '../security-check/form-errors.js';
import type { DmcaService } from './service.js';

const tags = ['dmca'];

/**
 * The public DMCA form, the owner's counter-notice, and the console's complaint list, edit and
 * counter-notice decisions (behind the admin guard).
 */
export const dmcaRoutes =
  (service: DmcaService, adminOfToken: AdminOfToken): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/pub/dmca_submit',
      {
        config: { staleTokenOk: true },
        attachValidation: true,
        schema: {
          tags,
          summary:
            'Submit a DMCA complaint (every field, the five confirmations and a solved security check)',
          body: DmcaSubmitRequest,
          response: { 200: DmcaSubmitResponse },
        },
      },
      async (request) => {
        refuseInvalidForm(request, { altcha: null, confirmations: 'checkAllBoxes' });
        return service.submit(request.viewer, request.body);
      },
    );

    app.post(
      '/api/file/myfiles/counter_notice',
      {
        attachValidation: true,
        schema: {
          tags,
          summary:
            'Counter-notice of the owner of an upload an accepted complaint took down (the file stays down until an administrator decides)',
          body: CounterNoticeSubmitRequest,
          response: { 200: CounterNoticeSubmitResponse },
        },
      },
      async (request) => {
        refuseInvalidForm(request, { confirmations: 'checkAllBoxes' });
        return service.submitCounterNotice(request.viewer, request.body);
      },
    );

    await app.register(
      adminScope(adminOfToken, (scope) => {
        const guarded = scope.withTypeProvider<ZodTypeProvider>();
        guarded.post(
          '/api/manage/dmca/list',
          {
            schema: {
              tags,
              summary: 'DMCA complaints: status, keyword and file filters, newest first, paged',
              body: DmcaListRequest,
              response: { 200: DmcaListResponse },
            },
          },
          async (request) => service.list(request.body),
        );
        guarded.post(
          '/api/manage/dmca/edit',
          {
            schema: {
              tags,
              summary: 'Change status, notes or the linked file; accepting takes the file down (audited)',
              body: DmcaEditRequest,
              response: { 200: DmcaEditResponse },
            },
          },
          async (request) => service.edit(requireAdmin(request), request.body),
        );
        guarded.post(
          '/api/manage/dmca/counter_notice',
          {
            schema: {
              tags,
              summary:
                'Forward, restore (the complaint is rejected) or reject (it is accepted again) a counter-notice (audited)',
              body: CounterNoticeActionRequest,
              response: { 200: CounterNoticeActionResponse },
            },
          },
          async (request) => service.decideCounterNotice(requireAdmin(request), request.body),
        );
      }),
    );
  };
