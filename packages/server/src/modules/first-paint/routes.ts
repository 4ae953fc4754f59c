import { INTERFACE_LOCALES, isInterfaceLocale } from '@rl/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requestCountry } from '../../http/viewer.js';
import type { SendIndex } from '../../http/web-app.js';
import type { Geo } from '../../platform/geo.js';
import { anonymousViewer } from '../access/viewer.js';
import type { WidthClass } from './renderer.js';
import type { FirstPaintService } from './service.js';

/** How long after listening the renderer is loaded ahead of the first page. */
export const WARM_AFTER_LISTEN_MS = 3000;

/** The width the page will most likely be shown at, from what the browser says of itself. */
export function widthClassOf(headers: FastifyRequest['headers']): WidthClass {
  const agent = headers['user-agent'] ?? '';
  if (headers['sec-ch-ua-mobile'] === '?1' || /Mobi|iPhone|iPod|Windows Phone/i.test(agent)) return 'phone';
  if (/iPad|Android|Tablet/i.test(agent)) return 'tablet';
  return 'desktop';
}

/**
 * The interface language the app last stored in its cookie (the web's first-paint-key.ts); the
 * default for none or anything else, so that a made-up value renders nothing new.
 */
export function languageCookieOf(header: string | undefined): string {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === 'locale' && isInterfaceLocale(value)) return value;
  }
  return INTERFACE_LOCALES[0];
}

/**
 * `GET /home/file`, the search page: the app's page with its first screen rendered, when the
 * service has one. A paint that fails never fails the page: it goes without, as before.
 */
export const firstPaintRoutes =
  (
    service: FirstPaintService,
    deps: { sendIndex: SendIndex; geo: Geo; trustedHeader: string | null },
  ): FastifyPluginAsync =>
  async (app) => {
    // Loading the renderer (React and the app's components) holds the event loop for a while:
    // done a moment after the process listens, so the first requests of a restart (a health
    // check, a search) are not kept waiting behind it. A page asked for earlier loads it itself.
    let warming: NodeJS.Timeout | undefined;
    app.addHook('onListen', async () => {
      warming = setTimeout(() => service.warm(), WARM_AFTER_LISTEN_MS).unref();
    });
    app.addHook('onClose', async () => clearTimeout(warming));
    app.get('/home/file', { schema: { hide: true } }, async (request, reply) => {
      const visitor = { ...anonymousViewer(request.ip), country: requestCountry(request, deps) };
      const page = {
        url: `http://localhost${request.url}`,
        width: widthClassOf(request.headers),
        language: languageCookieOf(request.headers.cookie),
      };
      const paint = await service.paintOf(page, visitor).catch((err: unknown) => {
        request.log.error({ err }, 'the first paint failed; the page goes without');
        return null;
      });
      return deps.sendIndex(reply, paint);
    });
  };
