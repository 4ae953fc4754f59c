import {
  ChangeEmailRequest,
  ChangeMobileRequest,
  ChangePasswordRequest,
  InfoRequest,
  InfoResponse,
  SettingsRequest,
  SettingsResponse,
  SubscriptionsResponse,
  UserInfoResponse,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountService } from './service.js';

const tags = ['users'];

/** The logged-in user's account calls; each answers 401 without a valid token. */
export const accountRoutes =
  (service: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/info',
      {
        schema: {
          tags,
          summary: 'The logged-in user',
          body: InfoRequest.optional(),
          response: { 200: InfoResponse },
        },
      },
      async (request) => service.info(request.viewer),
    );
    app.post(
      '/api/user/settings',
      {
        schema: {
          tags,
          summary: 'Save settings',
          body: SettingsRequest,
          response: { 200: SettingsResponse },
        },
      },
      async (request) => service.settings(request.viewer, request.body),
    );
    app.post(
      '/api/user/email',
      {
        schema: {
          tags,
          summary: 'Replace the e-mail (code sent to the new address, purpose change_email)',
          body: ChangeEmailRequest,
          response: { 200: UserInfoResponse },
        },
      },
      async (request) => service.changeEmail(request.viewer, request.body),
    );
    app.post(
      '/api/user/mobile',
      {
        schema: {
          tags,
          summary: 'Bind or change the mobile (code purpose bind_mobile)',
          body: ChangeMobileRequest,
          response: { 200: UserInfoResponse },
        },
      },
      async (request) => service.changeMobile(request.viewer, request.body),
    );
    app.post(
      '/api/user/psw',
      {
        schema: {
          tags,
          summary: 'Change the password; revokes every other session',
          body: ChangePasswordRequest,
          response: { 200: UserInfoResponse },
        },
      },
      async (request) => service.changePassword(request.viewer, request.body),
    );
    app.post(
      '/api/user/subscriptions',
      {
        schema: {
          tags,
          summary: 'Plan purchases, newest first',
          body: z.object({}).optional(),
          response: { 200: SubscriptionsResponse },
        },
      },
      async (request) => service.subscriptions(request.viewer),
    );
  };
