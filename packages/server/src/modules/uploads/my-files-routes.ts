import {
  FileIdRequest,
  MyFileDeleteResponse,
  MyFileEditRequest,
  MyFileEditResponse,
  MyFilesRequest,
  MyFilesResponse,
  PublishRequest,
  PublishResponse,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../http/request-language.js';
import type { MyFilesService } from './my-files.js';

const tags = ['uploads'];

/** My files: list, delete, publish, edit. Login required; another user's file answers 404. */
export const myFilesRoutes =
  (service: MyFilesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/file/myfiles',
      {
        schema: {
          tags,
          summary: 'My uploads, newest first, with their state and what they use of my plan',
          body: MyFilesRequest,
          response: { 200: MyFilesResponse },
        },
      },
      async (request) => service.list(request.viewer, request.body, languageOf(request)),
    );
    app.post(
      '/api/file/myfiles/delete',
      {
        schema: {
          tags,
          summary: 'Delete one of my uploads (it leaves search at once)',
          body: FileIdRequest,
          response: { 200: MyFileDeleteResponse },
        },
      },
      async (request) => {
        await service.remove(request.viewer, request.body.file_id);
        return { ok: true as const };
      },
    );
    app.post(
      '/api/file/myfiles/publish',
      {
        schema: {
          tags,
          summary: 'Share one of my uploads with the library (institutional plan), or take it back',
          body: PublishRequest,
          response: { 200: PublishResponse },
        },
      },
      async (request) => ({
        file: await service.publish(
          request.viewer,
          request.body.file_id,
          request.body.publish,
          languageOf(request),
        ),
      }),
    );
    app.post(
      '/api/file/myfiles/edit',
      {
        schema: {
          tags,
          summary: 'Correct the title or publish date of one of my uploads (search sees it at once)',
          body: MyFileEditRequest,
          response: { 200: MyFileEditResponse },
        },
      },
      async (request) => ({ file: await service.edit(request.viewer, request.body, languageOf(request)) }),
    );
  };
