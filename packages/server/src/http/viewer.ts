import { ERROR_CODES } from '@rl/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { msg } from '../messages/message.js';
import { bearerToken } from './bearer.js';
import type { Viewer } from '../modules/access/viewer.js';
import type { UserRecord } from '../modules/access/user-record.js';
import type { Geo } from '../platform/geo.js';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /**
     * The call works without login and ignores a stale token instead of answering 401 (login,
     * signup, codes, logout, public site info). Elsewhere a present but invalid token is a 401.
     */
    staleTokenOk?: boolean;
  }
}

function fingerprintOf(value: string | string[] | undefined): string | null {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  return v && v.length <= 128 ? v : null;
}

/** Where the request comes from: the trusted CDN's header, else the offline lookup of its address. */
export function requestCountry(
  request: FastifyRequest,
  deps: { geo: Geo; trustedHeader: string | null },
): string | null {
  return deps.geo.countryOf(request.ip, deps.trustedHeader ? request.headers[deps.trustedHeader] : undefined);
}

/**
 * Resolves `request.viewer` for every /api/ request and answers `x-country-code` when the
 * country is known. A bearer token that is unknown, expired, idle (SESSION_IDLE_DAYS) or revoked
 * answers 401 'Login expired, please login again' unless the route says `staleTokenOk`.
 */
export function registerViewer(
  app: FastifyInstance,
  deps: { geo: Geo; trustedHeader: string | null; userOfToken(token: string): Promise<UserRecord | null> },
): void {
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const country = requestCountry(request, deps);
    if (country) void reply.header('x-country-code', country);
    const viewer: Viewer = {
      user: null,
      token: null,
      fingerprint: fingerprintOf(request.headers['x-fingerprint']),
      ip: request.ip,
      country,
    };
    request.viewer = viewer;
    // Admin calls carry admin tokens, checked by the admin guard (http/admin-guard.ts): they
    // are never user sessions, and a user session is never an admin token.
    if (request.url.startsWith('/api/manage/')) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const user = await deps.userOfToken(token);
    if (user) {
      viewer.user = user;
      viewer.token = token;
    } else if (!request.routeOptions.config.staleTokenOk) {
      throw new AppError(ERROR_CODES.unauthorized, msg('loginExpired'));
    }
  });
}
