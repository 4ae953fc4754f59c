import dns from 'node:dns';
import { once } from 'node:events';
import { createServer, type AddressInfo, connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, OutboundNetworkError, takeBlockedCalls } from './network-guard.js';

/*
 * The setup file (no-outbound-network.ts) refuses any connection beyond this machine. 192.0.2.1
 * is TEST-NET-1: never routed, so even without the guard nothing would leave.
 */

const server = createServer((socket) => socket.end('hello'));
let port = 0;
const socketDir = mkdtempSync(join(tmpdir(), 'network-guard-'));

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.close();
  rmSync(socketDir, { recursive: true, force: true });
});

async function greeting(socket: Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  for await (const chunk of socket) text += String(chunk);
  return text;
}

describe('the test network guard', () => {
  it('refuses a connection to 192.0.2.1, by net, fetch and a name lookup, and records each', async () => {
    expect(() => connect(80, '192.0.2.1')).toThrow(OutboundNetworkError);
    const fetched = await fetch('http://192.0.2.1/').catch((e: unknown) => e);
    expect(fetched).toBeInstanceOf(TypeError);
    expect((fetched as TypeError).cause).toBeInstanceOf(OutboundNetworkError);
    expect(() => connect({ host: 'example.com', port: 443 })).toThrow(OutboundNetworkError);
    expect(() => dns.lookup('example.com', () => {})).toThrow(OutboundNetworkError);
    await expect(dns.promises.lookup('example.com')).rejects.toThrow(OutboundNetworkError);
    // Taken here, so that the setup file's check after this test finds nothing left.
    expect(takeBlockedCalls()).toEqual([
      'connection to 192.0.2.1:80',
      'connection to 192.0.2.1:80',
      'connection to example.com:443',
      'lookup of example.com',
      'lookup of example.com',
    ]);
  });

  it('lets loopback through: 127.0.0.1, localhost, and unix sockets', async () => {
    expect(await greeting(connect(port, '127.0.0.1'))).toBe('hello');
    expect(await greeting(connect({ host: 'localhost', port, family: 4 }))).toBe('hello');
    const local = createServer((socket) => socket.end('unix'));
    const path = join(socketDir, 'guard.sock');
    local.listen(path);
    await once(local, 'listening');
    expect(await greeting(connect(path))).toBe('unix');
    local.close();
    expect(takeBlockedCalls()).toEqual([]);
  });

  it('knows loopback addresses in their usual spellings', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'LOCALHOST', undefined])
      expect(isLoopback(host), String(host)).toBe(true);
    for (const host of ['192.0.2.1', '10.0.0.1', '::2', '0.0.0.0', 'example.com', 'localhost.example.com'])
      expect(isLoopback(host), host).toBe(false);
  });
});
