import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasBody } from './body-length.js';

/** How an upload's body must keep coming (config: UPLOAD_STALL_S, UPLOAD_MIN_*, UPLOAD_BODY_DEADLINE_S). */
export interface BodyPace {
  /** Without a byte this long, the connection is closed. */
  stallMs: number;
  /** After this long, a body averaging under `minBytesPerS` is closed too. */
  graceMs: number;
  minBytesPerS: number;
  /** No body streams in longer than this. */
  deadlineMs: number;
}

type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A body that stops coming, or only trickles, holds a temporary file (or a buffer), a place at the
 * upload gate and a connection. Three ways out, each closing the connection so that the upload
 * ends as a broken one (temporary file removed, place freed): `stallMs` without a byte; an average
 * under `minBytesPerS` once `graceMs` have passed (a byte every few seconds never falls silent for
 * the stall time, but is far under any real link); `deadlineMs` in all. One timeout listener per
 * connection (keep-alive brings many requests); once answered, Node's keep-alive timeout takes the
 * connection's timer over. Injected requests have no socket.
 */
export function closeSlowBodies(app: RoutesApp, pace: BodyPace): void {
  const watched = new WeakSet<Socket>();
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket as Socket | undefined;
    if (typeof socket?.setTimeout !== 'function') return;
    socket.setTimeout(pace.stallMs);
    if (!watched.has(socket)) {
      watched.add(socket);
      socket.on('timeout', () => socket.destroy());
    }
    if (hasBody(request.headers)) watchPace(socket, request.raw, reply.raw, pace);
  });
  // Answered before its body was all read (refused from the head, or cut at the bytes-in-flight
  // bound): the connection closes after the answer. Left open, a body the route stopped reading
  // would sit paused, its connection held until Node's request timeout.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.socket && !request.raw.complete) void reply.header('connection', 'close');
    return payload;
  });
}

/**
 * Checks the body's bytes so far (read from the socket, whether or not the route has consumed
 * them) a few times a second under short test settings, once a second by default, until the body
 * has ended or the request is answered.
 */
function watchPace(socket: Socket, req: IncomingMessage, res: ServerResponse, pace: BodyPace): void {
  const fromBytes = socket.bytesRead;
  const started = performance.now();
  const timer = setInterval(
    () => {
      const elapsed = performance.now() - started;
      const received = socket.bytesRead - fromBytes;
      const tooSlow = elapsed >= pace.graceMs && received < (pace.minBytesPerS * elapsed) / 1000;
      if (elapsed >= pace.deadlineMs || tooSlow) {
        stop();
        socket.destroy();
      }
    },
    Math.max(50, Math.min(1000, pace.graceMs / 4, pace.deadlineMs / 4)),
  );
  timer.unref();
  // The response closes when it is answered or its connection goes: listeners on the request and
  // the response only, as a keep-alive socket serves many requests and would gather one each.
  const stop = () => {
    clearInterval(timer);
    req.off('end', stop);
    res.off('close', stop);
  };
  req.once('end', stop);
  res.once('close', stop);
}
