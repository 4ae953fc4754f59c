import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from 'pino';

/**
 * Lets the kernel hand new connections to the HTTP workers (each accepts from the shared socket)
 * instead of Node's default on Linux, where the primary accepts every connection and passes it to
 * a worker, one at a time per worker, waiting for that worker to acknowledge it. A worker busy
 * with requests acknowledges late, so under load new connections waited in the primary for
 * seconds before any worker saw them (client timeouts while the server's own timings looked
 * fine), and the primary also runs the jobs. An idle worker now takes the next connection first.
 * Node's own NODE_CLUSTER_SCHED_POLICY=rr still chooses the old way (benchmarks compare both).
 */
export function letKernelBalanceConnections(): void {
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
}

/**
 * Listening descriptors of the shared socket each HTTP worker accepts from. libuv (since 1.45)
 * accepts one connection per descriptor per turn of the event loop, and a worker serving 100
 * connections turns about 20 times a second: a burst of new connections reaching busy workers
 * waited in the kernel's queue for up to 2-3 s (the tail of the 200-connection benchmark, see
 * docs/benchmarks.md). Eight descriptors accept eight per turn; one more costs a failed accept()
 * per new connection.
 */
export const ACCEPTORS_PER_WORKER = 8;

const SEND_LISTEN_HANDLE = 'http-listen-handle';
const EXTRA_LISTEN_HANDLE = 'http-extra-listen-handle';

type Message = { act?: string } | null | undefined;
/** The descriptor behind a listening server: Node's handle (internal, as the cluster module uses it). */
type ListenHandle = { fd?: number; close: () => void };
const handleOf = (server: Server) => (server as unknown as { _handle?: ListenHandle })._handle;

/**
 * Primary side of ACCEPTORS_PER_WORKER: a worker that listens sends its descriptor of the shared
 * socket here; it goes back to that worker as further copies (each passed descriptor is a new
 * one), and the primary closes its own, so it never holds the port after the workers let go.
 */
export function shareListenDescriptors(log: Logger): void {
  if (cluster.schedulingPolicy !== cluster.SCHED_NONE) return;
  cluster.on('message', (worker, msg: Message, handle?: unknown) => {
    if (msg?.act !== SEND_LISTEN_HANDLE || !handle) return;
    const own = handle as ListenHandle;
    let pending = ACCEPTORS_PER_WORKER - 1;
    let open = true;
    const closeOwn = () => {
      if (open) own.close();
      open = false;
    };
    // A worker that disconnects before it acknowledged every copy leaves the rest of the sends
    // queued, their callbacks never called (nor its 'disconnect' event): the primary's descriptor
    // would keep the port accepting connections nobody serves, and a shutdown would wait on
    // clients that are never refused.
    worker.once('disconnect', closeOwn);
    worker.once('exit', closeOwn);
    const sent = (err: Error | null) => {
      if (err) log.warn({ err, pid: worker.process.pid }, 'a listening descriptor did not reach its worker');
      if (--pending === 0) closeOwn();
    };
    for (let i = 0; i < ACCEPTORS_PER_WORKER - 1; i++)
      worker.send({ act: EXTRA_LISTEN_HANDLE }, own as never, sent);
  });
}

/**
 * Worker side: asks the primary for copies of `server`'s listening descriptor and hands every
 * connection accepted on them to `server`. Answers the function that stops accepting on the copies,
 * to call with the server's own close: it resolves once the connections they accepted have ended
 * (`server`'s close does not wait for them: it counts only the connections it accepted itself).
 * Nothing happens when the primary hands out connections itself (NODE_CLUSTER_SCHED_POLICY=rr):
 * the worker then has no descriptor of its own.
 */
export function acceptOnListenCopies(server: Server): () => Promise<void> {
  const copies: NetServer[] = [];
  let stopped = false;
  const own = handleOf(server);
  if (!process.send || typeof own?.fd !== 'number' || own.fd < 0) return async () => undefined;
  process.on('message', (msg: Message, handle?: unknown) => {
    if (msg?.act !== EXTRA_LISTEN_HANDLE || !handle) return;
    // A copy that arrives once the worker stops is closed, not listened on.
    if (stopped) return (handle as ListenHandle).close();
    const copy = createServer((socket) => server.emit('connection', socket));
    copy.listen(handle as never);
    copies.push(copy);
  });
  process.send({ act: SEND_LISTEN_HANDLE }, own as never);
  return async () => {
    stopped = true;
    await Promise.all(copies.splice(0).map((copy) => new Promise((ended) => copy.close(ended))));
  };
}

/** How often an HTTP process reports a stalled event loop, and from what delay. */
const REPORT_EVERY_MS = 60_000;
const STALL_MS = 500;

/**
 * Warns when the event loop of an HTTP process was held for long (a slow synchronous SQLite query,
 * a long GC pause, a starved CPU): every request the process holds waits that long before it is
 * even read, which its response times never show. At most one line a minute, only after a stall;
 * the timer never keeps the process alive.
 */
export function watchEventLoop(log: Logger): void {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  setInterval(() => {
    const maxMs = delay.max / 1e6;
    if (maxMs >= STALL_MS)
      log.warn(
        { max_ms: Math.round(maxMs), p99_ms: Math.round(delay.percentile(99) / 1e6) },
        'the event loop stalled: requests waited before they were read',
      );
    delay.reset();
  }, REPORT_EVERY_MS).unref();
}
