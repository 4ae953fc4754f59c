import {
  CollectionCreateRequest,
  CollectionDeleteResponse,
  CollectionFileRequest,
  CollectionFilesRequest,
  CollectionFilesResponse,
  CollectionIdRequest,
  CollectionListResponse,
  CollectionRenameRequest,
  CollectionResponse,
  CollectionsOfFileResponse,
  FileIdRequest,
} from '@rl/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CollectionsService } from './service.js';

const tags = ['library'];
const P = '/api/file/collection';

/** The Fastify instance a route plugin is given (with zod schemas). */
type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/** Collections (paid plan): 401 without login, 403 plan_required on the free plan. */
export const collectionRoutes =
  (service: CollectionsService): FastifyPluginAsyncZod =>
  async (app) => {
    collectionListRoutes(app, service);
    collectionFileRoutes(app, service);
  };

/** The user's collections themselves: list, create, rename, delete. */
function collectionListRoutes(app: RoutesApp, service: CollectionsService): void {
  app.post(
    `${P}/list`,
    {
      schema: {
        tags,
        summary: 'My collections, by name',
        body: z.object({}).optional(),
        response: { 200: CollectionListResponse },
      },
    },
    async (request) => ({ collections: await service.list(request.viewer) }),
  );
  app.post(
    `${P}/create`,
    {
      schema: {
        tags,
        summary: 'Create a collection (names unique per user, ignoring case)',
        body: CollectionCreateRequest,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({ collection: await service.create(request.viewer, request.body.name) }),
  );
  app.post(
    `${P}/rename`,
    {
      schema: {
        tags,
        summary: 'Rename a collection',
        body: CollectionRenameRequest,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({
      collection: await service.rename(request.viewer, request.body.collection_id, request.body.name),
    }),
  );
  app.post(
    `${P}/delete`,
    {
      schema: {
        tags,
        summary: 'Delete a collection (its files stay in the library)',
        body: CollectionIdRequest,
        response: { 200: CollectionDeleteResponse },
      },
    },
    async (request) => {
      await service.delete(request.viewer, request.body.collection_id);
      return { ok: true as const };
    },
  );
}

/** The files in a collection: add, remove, list, and which collections hold a file. */
function collectionFileRoutes(app: RoutesApp, service: CollectionsService): void {
  app.post(
    `${P}/add`,
    {
      schema: {
        tags,
        summary: 'Put a file into a collection (idempotent)',
        body: CollectionFileRequest,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({
      collection: await service.add(request.viewer, request.body.collection_id, request.body.file_id),
    }),
  );
  app.post(
    `${P}/remove`,
    {
      schema: {
        tags,
        summary: 'Take a file out of a collection (idempotent)',
        body: CollectionFileRequest,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({
      collection: await service.remove(request.viewer, request.body.collection_id, request.body.file_id),
    }),
  );
  app.post(
    `${P}/files`,
    {
      schema: {
        tags,
        summary: 'Files of a collection, newest added first',
        body: CollectionFilesRequest,
        response: { 200: CollectionFilesResponse },
      },
    },
    async (request) => service.files(request.viewer, request.body),
  );
  app.post(
    `${P}/containing`,
    {
      schema: {
        tags,
        summary: 'Ids of my collections holding a file',
        body: FileIdRequest,
        response: { 200: CollectionsOfFileResponse },
      },
    },
    async (request) => service.containing(request.viewer, request.body.file_id),
  );
}
