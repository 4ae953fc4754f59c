import {
  CodeSentResponse,
  EmailCodeRequest,
  EmailSignupRequest,
  LoginRequest,
  LoginResponse,
  Ok,
  PhoneSignupRequest,
  SignupResponse,
  SmsCodeRequest,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../http/bearer.js';
import { languageOf } from '../../http/request-language.js';
import type { AuthService } from './service.js';

const tags = ['auth'];
/** These calls work logged out: a stale token is ignored rather than answered with 401. */
const config = { staleTokenOk: true };

export const authRoutes =
  (service: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/email_code',
      {
        config,
        schema: {
          tags,
          summary: 'Send an e-mail code',
          body: EmailCodeRequest,
          response: { 200: CodeSentResponse },
        },
      },
      async (request) => service.sendEmailCode(request.viewer, request.body, languageOf(request)),
    );
    app.post(
      '/api/user/sms_code',
      {
        config,
        schema: {
          tags,
          summary: 'Send an SMS code',
          body: SmsCodeRequest,
          response: { 200: CodeSentResponse },
        },
      },
      async (request) => service.sendSmsCode(request.viewer, request.body, languageOf(request)),
    );
    app.post(
      '/api/user/email_signup',
      {
        config,
        schema: {
          tags,
          summary: 'Sign up with an e-mail',
          body: EmailSignupRequest,
          response: { 200: SignupResponse },
        },
      },
      async (request) => service.emailSignup(request.viewer, request.body),
    );
    app.post(
      '/api/user/phone_signup',
      {
        config,
        schema: {
          tags,
          summary: 'Sign up with a mobile',
          body: PhoneSignupRequest,
          response: { 200: SignupResponse },
        },
      },
      async (request) => service.phoneSignup(request.viewer, request.body),
    );
    app.post(
      '/api/user/login',
      {
        config,
        schema: {
          tags,
          summary: 'Log in (X-Fingerprint); may answer 400 need_verification',
          body: LoginRequest,
          response: { 200: LoginResponse },
        },
      },
      async (request) => service.login(request.viewer, request.body, languageOf(request)),
    );
    app.post(
      '/api/user/logout',
      {
        config,
        schema: {
          tags,
          summary: 'End the session of the token sent (a user or a console token)',
          body: z.object({}).optional(),
          response: { 200: Ok },
        },
      },
      async (request) => {
        const token = bearerToken(request.headers.authorization);
        if (token) await service.logout(token);
        return { ok: true as const };
      },
    );
  };
