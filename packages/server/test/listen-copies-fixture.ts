import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import pino from 'pino';
import {
  acceptOnListenCopies,
  letKernelBalanceConnections,
  shareListenDescriptors,
} from '../src/ops/http-cluster.js';

/**
 * A cluster of one HTTP worker that disconnects as soon as the first copy of its listening
 * descriptor arrives, before it acknowledged the others (as one does when the primary stops it
 * while it is still starting). The primary prints whether a new connection to the port is refused
 * once the worker has exited: the port must then be free.
 */
if (cluster.isPrimary) {
  letKernelBalanceConnections();
  shareListenDescriptors(pino({ level: 'silent' }));
  let port = 0;
  const worker = cluster.fork();
  worker.on('message', (msg: { port?: number }) => (port = msg.port ?? port));
  worker.on('exit', () => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => finish('accepted'));
    socket.once('error', (err: NodeJS.ErrnoException) => finish(err.code ?? 'error'));
  });
  const finish = (result: string) => {
    console.log(result);
    process.exit(0);
  };
} else {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
    process.once('message', () => {
      process.disconnect();
      server.close(() => process.exit(0));
    });
    acceptOnListenCopies(server);
  });
}
