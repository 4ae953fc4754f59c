import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, to stop and start at will: the shared server at
 * 127.0.0.1:5432 serves other tests running in parallel and must never be stopped.
 */
export interface PrivatePostgres {
  /** DATABASE_URL of its `postgres` database (trust authentication, user postgres). */
  url: string;
  port: number;
  /** Stops the server at once (`-m fast`: sessions are terminated, as in a failover). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it if it runs and deletes its data. */
  remove(): Promise<void>;
}

/** The folder of the newest installed PostgreSQL's programs (Debian layout), or null if none is. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * initdb into a temporary folder and start the server on a free port, listening on 127.0.0.1 and
 * a socket in that folder. The server refuses to run as root, so a root test runs it as the
 * `postgres` OS user. Durability is off (fsync): the data is thrown away after the test.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb)');
  const dir = mkdtempSync(join(tmpdir(), 'rl-private-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { uid, gid } = osUser('postgres');
    chownSync(dir, uid, gid);
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args])
      : run(join(bin, program), args);

  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c shared_buffers=16MB',
    '-c max_connections=30',
  ].join(' ');
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '120',
      'start',
    ]);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '120', 'stop']);
  };
  const running = () => existsSync(join(data, 'postmaster.pid'));
  try {
    await start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async remove() {
      if (running()) await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function osUser(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error(`no OS user ${name} to run PostgreSQL as`);
  return { uid: Number(uid), gid: Number(gid) };
}

/** A port nothing listens on now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
