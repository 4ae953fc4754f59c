import type { FastifyInstance } from 'fastify';
import type { UserRecord } from '../modules/users/model.js';
import type { Geo } from '../platform/geo.js';
import { Unauthorized } from './errors.js';

/** Who is asking: resolved once per API request, then passed to services as a plain value. */
export interface Viewer {
  /** The logged-in user, or null for an anonymous visitor. */
  user: UserRecord | null;
  /** The bearer token the user sent (only when it is valid). */
  token: string | null;
  /** X-Fingerprint: the browser's device fingerprint, if sent. */
  fingerprint: string | null;
  ip: string;
  /** Lower-case ISO country code, when known. */
  country: string | null;
}

export const anonymousViewer = (ip = '127.0.0.1', fingerprint: string | null = null): Viewer => ({
  user: null,
  token: null,
  fingerprint,
  ip,
  country: null,
});

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

export const NOT_LOGGED_IN = 'Please login first';

/** The viewer's user, or 401 (the web opens the login modal). */
export function requireUser(viewer: Viewer): UserRecord {
  if (!viewer.user) throw new Unauthorized(NOT_LOGGED_IN);
  return viewer.user;
}

function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return m?.[1] ?? null;
}

function fingerprintOf(value: string | string[] | undefined): string | null {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  return v && v.length <= 128 ? v : null;
}

/**
 * Resolves `request.viewer` for every /api/ request and answers `x-country-code` when the
 * country is known. A bearer token that is unknown, expired or revoked answers 401 'Login expired,
 * please login again' unless the route says `staleTokenOk`.
 */
export function registerViewer(
  app: FastifyInstance,
  deps: { geo: Geo; trustedHeader: string | null; userOfToken(token: string): Promise<UserRecord | null> },
): void {
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const country = deps.geo.countryOf(
      request.ip,
      deps.trustedHeader ? request.headers[deps.trustedHeader] : undefined,
    );
    if (country) void reply.header('x-country-code', country);
    const viewer: Viewer = {
      user: null,
      token: null,
      fingerprint: fingerprintOf(request.headers['x-fingerprint']),
      ip: request.ip,
      country,
    };
    request.viewer = viewer;
    // Admin calls carry admin tokens, checked by the admin guard (modules/admin/guard.ts): they
    // are never user sessions, and a user session is never an admin token.
    if (request.url.startsWith('/api/manage/')) return;
    const token = bearer(request.headers.authorization);
    if (!token) return;
    const user = await deps.userOfToken(token);
    if (user) {
      viewer.user = user;
      viewer.token = token;
    } else if (!request.routeOptions.config.staleTokenOk) {
      throw new Unauthorized();
    }
  });
}
