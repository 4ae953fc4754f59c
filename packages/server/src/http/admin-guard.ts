import { ERROR_CODES } from '@rl/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors.js';
import { msg } from '../messages/message.js';
import { bearerToken } from './bearer.js';
import type { AdminRecord } from '../modules/access/admin-record.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The administrator of an `/api/manage/*` call (set by the admin guard). */
    admin: AdminRecord | null;
  }
}

/** Finds the administrator of an admin token (null: unknown, expired, revoked, or not an admin). */
export type AdminOfToken = (token: string) => Promise<AdminRecord | null>;

/** The administrator whose token a request carries, if any (calls that only show admins more). */
export async function adminOfRequest(
  adminOfToken: AdminOfToken,
  request: { headers: { authorization?: string | undefined } },
): Promise<AdminRecord | null> {
  const token = bearerToken(request.headers.authorization);
  return token ? adminOfToken(token) : null;
}

/** The guard of a console call: its administrator (set by `adminScope`), else 401. */
export function requireAdmin(request: { admin: AdminRecord | null }): AdminRecord {
  if (!request.admin) throw new AppError(ERROR_CODES.unauthorized, msg('adminLoginFirst'));
  return request.admin;
}

/**
 * Registers `routes` in a scope where every call passes the admin guard first (before its body
 * is read): no token, a user token, or an expired admin token answers 401. Every module with
 * `/api/manage/*` calls registers them through this.
 */
export function adminScope(
  adminOfToken: AdminOfToken,
  routes: (scope: FastifyInstance) => Promise<void> | void,
): FastifyPluginAsync {
  return async (app) => {
    await app.register(async (scope) => {
      scope.decorateRequest('admin', null);
      scope.addHook('onRequest', async (request) => {
        const token = bearerToken(request.headers.authorization);
        if (!token) throw new AppError(ERROR_CODES.unauthorized, msg('adminLoginFirst'));
        const admin = await adminOfToken(token);
        if (!admin) throw new AppError(ERROR_CODES.unauthorized, msg('loginExpired'));
        request.admin = admin;
      });
      await routes(scope);
    });
  };
}
