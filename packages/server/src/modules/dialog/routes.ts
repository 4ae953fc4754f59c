import {
  ChatRequest,
  ERROR_CODES,
  ErrorBody,
  HistoryRequest,
  HistoryResponse,
  type DialogEvent,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OutgoingHttpHeaders } from 'node:http';
import { AppError } from '../../errors.js';
import { languageOf } from '../../http/request-language.js';
import { msg, render } from '../../messages/message.js';
import type { DialogService } from './service.js';

/** One server-sent event: its name and one JSON object. */
export const sseEvent = (event: DialogEvent, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const dialogRoutes =
  (service: DialogService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/dialog/history',
      {
        schema: {
          tags: ['dialog'],
          summary: "The caller's conversation about a file, oldest first, with citations",
          body: HistoryRequest,
          response: { 200: HistoryResponse },
        },
      },
      async (request) => ({ messages: await service.history(request.body.file_id, request.viewer) }),
    );

    app.post(
      '/api/dialog/chat',
      {
        schema: {
          tags: ['dialog'],
          summary:
            'Ask about a file: server-sent events citation* delta* then done (or error); ' +
            'login, access, quota and budget errors answer JSON before streaming (docs/api.md)',
          body: ChatRequest,
          produces: ['text/event-stream'],
          response: { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        // The answer stops when the client goes away (the provider call is aborted too).
        const abort = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) abort.abort(new Error('client went away'));
        });
        const turn = await service.ask(
          request.body.file_id,
          request.body.question,
          request.viewer,
          languageOf(request),
          abort.signal,
        );

        reply.hijack();
        const headers: OutgoingHttpHeaders = {
          ...(reply.getHeaders() as OutgoingHttpHeaders),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
        };
        const raw = reply.raw;
        raw.writeHead(200, headers);
        const send = (event: DialogEvent, data: unknown) => {
          if (!raw.destroyed) raw.write(sseEvent(event, data));
        };
        for (const c of turn.citations) send('citation', c);
        let answer = '';
        try {
          let step = await turn.deltas.next();
          while (!step.done) {
            answer += step.value;
            send('delta', { text: step.value });
            step = await turn.deltas.next();
          }
          const usage = step.value;
          const messageId = await turn.finish(answer, usage);
          send('done', { message_id: messageId, mode: turn.mode, usage });
        } catch (err) {
          await turn.abandon(answer).catch(() => undefined);
          if (!abort.signal.aborted) {
            request.log.warn({ err }, 'chat answer broke off');
            const known = err instanceof AppError;
            const message = known ? err.localized : msg('chatBrokeOff');
            send('error', {
              error_msg: render(message, languageOf(request)),
              code: known ? err.code : ERROR_CODES.internal,
            });
          }
        } finally {
          raw.end();
        }
      },
    );
  };
