import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Unauthorized } from '../../http/errors.js';
import type { AdminRecord } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The administrator of an `/api/manage/*` call (set by the admin guard). */
    admin: AdminRecord | null;
  }
}

export const ADMIN_LOGIN_FIRST = 'Please login as an administrator';

/** Finds the administrator of an admin token (null: unknown, expired, revoked, or not an admin). */
export type AdminOfToken = (token: string) => Promise<AdminRecord | null>;

function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return m?.[1] ?? null;
}

/** The administrator whose token a request carries, if any (calls that only show admins more). */
export async function adminOfRequest(
  adminOfToken: AdminOfToken,
  request: { headers: { authorization?: string | undefined } },
): Promise<AdminRecord | null> {
  const token = bearer(request.headers.authorization);
  return token ? adminOfToken(token) : null;
}

/** The administrator of a guarded call. */
export function adminOf(request: { admin: AdminRecord | null }): AdminRecord {
  if (!request.admin) throw new Unauthorized(ADMIN_LOGIN_FIRST);
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
        const token = bearer(request.headers.authorization);
        if (!token) throw new Unauthorized(ADMIN_LOGIN_FIRST);
        const admin = await adminOfToken(token);
        if (!admin) throw new Unauthorized();
        request.admin = admin;
      });
      await routes(scope);
    });
  };
}
