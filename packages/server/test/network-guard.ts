import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

/**
 * Keeps this process on this machine: a TCP or TLS connection (net, tls, http, fetch, database
 * drivers all go through `net.Socket#connect`) or a name lookup to anything but loopback throws,
 * and is recorded, so that a caller that swallows the error still cannot hide it.
 * Unix sockets pass. Child processes are not covered: the patch lives in this process only.
 */

export class OutboundNetworkError extends Error {
  constructor(readonly target: string) {
    super(`the tests may reach only this machine: refused ${target}`);
    this.name = 'OutboundNetworkError';
  }
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** Whether `host` names this machine: 127.0.0.0/8, ::1, localhost, or nothing (Node then means localhost). */
export function isLoopback(host: string | undefined): boolean {
  if (host === undefined || host === '') return true;
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost') return true;
  const family = net.isIP(name);
  return family !== 0 && LOOPBACK.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

interface Target {
  path?: unknown;
  host?: unknown;
  port?: unknown;
}

/** The target of `socket.connect(...)`, in any of its call forms. */
function connectTarget(args: unknown[]): Target {
  // net.connect hands over its arguments already normalised, as one array [options, callback].
  const first: unknown = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'object' && first !== null) return first as Target;
  if (typeof first === 'string' && Number.isNaN(Number(first))) return { path: first };
  return { port: first, host: args[1] };
}

/** State on the global object, so that a second copy of this module sees the same record. */
const STATE = Symbol.for('research-library.test.network-guard');
interface GuardState {
  blocked: string[];
}
const globals = globalThis as { [STATE]?: GuardState };

function refuse(target: string): never {
  globals[STATE]!.blocked.push(target);
  throw new OutboundNetworkError(target);
}

function checkName(hostname: unknown): void {
  if (typeof hostname !== 'string' || !isLoopback(hostname)) refuse(`lookup of ${String(hostname)}`);
}

/** Installs the guard once per process. */
export function installNetworkGuard(): void {
  if (globals[STATE]) return;
  globals[STATE] = { blocked: [] };

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const { path, host, port } = connectTarget(args);
    // Node reads a missing or empty host as localhost.
    if (path === undefined && !isLoopback(host ? String(host) : undefined))
      refuse(`connection to ${String(host)}:${String(port)}`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;

  const lookup = dns.lookup;
  dns.lookup = function (this: unknown, hostname: unknown, ...rest: unknown[]) {
    checkName(hostname);
    return (lookup as (...a: unknown[]) => void).call(this, hostname, ...rest);
  } as typeof lookup;
  const lookupAsync = dns.promises.lookup;
  dns.promises.lookup = function (this: unknown, hostname: unknown, ...rest: unknown[]) {
    try {
      checkName(hostname);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return (lookupAsync as (...a: unknown[]) => Promise<unknown>).call(this, hostname, ...rest);
  } as typeof lookupAsync;
  // `import { lookup } from 'node:dns'` sees the patched function too.
  syncBuiltinESMExports();
}

/** The attempts refused since the last call, emptied. */
export function takeBlockedCalls(): string[] {
  const state = globals[STATE];
  return state ? state.blocked.splice(0) : [];
}
