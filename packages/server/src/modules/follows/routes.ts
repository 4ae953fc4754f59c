import {
  FollowAddRequest,
  FollowAnswer,
  FollowListResponse,
  FollowRemoveRequest,
  FollowUpdateRequest,
  InboxListRequest,
  InboxListResponse,
  InboxReadRequest,
  InboxUnreadResponse,
  Ok,
} from '@rl/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InboxService } from './inbox-service.js';
import type { FollowsService } from './service.js';

const tags = ['follows'];

/** Follows and the inbox; login required (401 otherwise). */
export const followRoutes =
  (follows: FollowsService, inbox: InboxService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/follow/add',
      {
        schema: {
          tags,
          summary: 'Follow a company, broker, sector, analyst or saved search (idempotent)',
          body: FollowAddRequest,
          response: { 200: FollowAnswer },
        },
      },
      async (request) => follows.add(request.viewer, request.body),
    );
    app.post(
      '/api/follow/list',
      {
        schema: {
          tags,
          summary: 'What I follow, newest first, with my plan’s limit',
          body: z.object({}).optional(),
          response: { 200: FollowListResponse },
        },
      },
      async (request) => follows.list(request.viewer),
    );
    app.post(
      '/api/follow/update',
      {
        schema: {
          tags,
          summary: 'Rename, pause or resume a follow',
          body: FollowUpdateRequest,
          response: { 200: FollowAnswer },
        },
      },
      async (request) => follows.update(request.viewer, request.body),
    );
    app.post(
      '/api/follow/remove',
      {
        schema: {
          tags,
          summary: 'Stop following (idempotent)',
          body: FollowRemoveRequest,
          response: { 200: Ok },
        },
      },
      async (request) => follows.remove(request.viewer, request.body.follow_id),
    );
    app.post(
      '/api/inbox/list',
      {
        schema: {
          tags,
          summary: 'New reports matching what I follow, newest first, each once with why',
          body: InboxListRequest,
          response: { 200: InboxListResponse },
        },
      },
      async (request) => inbox.list(request.viewer, request.body),
    );
    app.post(
      '/api/inbox/unread',
      {
        schema: {
          tags,
          summary: 'How many reports of my inbox are unread',
          body: z.object({}).optional(),
          response: { 200: InboxUnreadResponse },
        },
      },
      async (request) => inbox.unread(request.viewer),
    );
    app.post(
      '/api/inbox/read',
      {
        schema: {
          tags,
          summary: 'Mark reports of my inbox read, or all of them',
          body: InboxReadRequest,
          response: { 200: InboxUnreadResponse },
        },
      },
      async (request) => inbox.markRead(request.viewer, request.body),
    );
  };
