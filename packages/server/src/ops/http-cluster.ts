import cluster from 'node:cluster';
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
