import { DigestUnsubscribeQuery } from '@rl/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribePage } from './unsubscribe-page.js';
import type { UnsubscribeService } from './unsubscribe.js';

const tags = ['follows'];
const PATH = '/api/pub/digest/unsubscribe';

/** A browser's form wants a page back; a mail client's one-click POST reads nothing. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * The digest's unsubscribe link, open without login (the signed URL names the account): GET shows
 * what it does, POST does it (the page's button, or RFC 8058's one-click POST of a mail client).
 */
export const digestRoutes =
  (service: UnsubscribeService): FastifyPluginAsyncZod =>
  async (app) => {
    // A one-click POST is a small form (urlencoded or multipart) saying List-Unsubscribe=One-Click:
    // read and set aside, the signed URL says everything.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
        done(null, body),
      );
    app.get(
      PATH,
      {
        schema: {
          tags,
          summary: 'The page of a digest’s signed unsubscribe link (HTML, no login); it changes nothing',
          querystring: DigestUnsubscribeQuery,
        },
      },
      async (request, reply) => {
        const state = await service.show(request.query.user, request.query.sig);
        return reply.type('text/html; charset=utf-8').send(unsubscribePage(state, 'ask', request.url));
      },
    );
    app.post(
      PATH,
      {
        schema: {
          tags,
          summary:
            'Turn the e-mail digest off through its signed link (RFC 8058 one-click; no login): ' +
            'answers {"ok": true}, or the page when the request accepts text/html',
          querystring: DigestUnsubscribeQuery,
        },
      },
      async (request, reply) => {
        const state = await service.unsubscribe(request.query.user, request.query.sig);
        if (wantsPage(request))
          return reply.type('text/html; charset=utf-8').send(unsubscribePage(state, 'done', request.url));
        return { ok: true as const };
      },
    );
  };
