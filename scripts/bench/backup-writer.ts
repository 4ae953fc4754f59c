import { openSqlite } from '../../packages/server/src/db/database.js';

/**
 * The continuous writer of the backup benchmark, a process of its own on the library (the server's
 * connection settings: WAL, synchronous NORMAL, busy timeout): one small transaction (4 KB, like a
 * page of an upload's text) every EVERY_MS milliseconds. It records when each commit started and
 * how long it took, and sends them to its parent when asked to stop.
 */
const path = process.argv[2];
const everyMs = Number(process.argv[3] ?? 2);
if (!path) throw new Error('usage: backup-writer.ts LIBRARY_DB [EVERY_MS]');
const { sqlite } = openSqlite(path);
sqlite.exec('CREATE TABLE IF NOT EXISTS bench_writes (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
const insert = sqlite.prepare('INSERT INTO bench_writes (body) VALUES (?)');
const body = Buffer.alloc(4096, 0x61);
const commits: [number, number][] = [];
let stopping = false;

process.on('message', (msg) => {
  if (msg === 'stop') stopping = true;
});

function commitOne(): void {
  if (stopping) {
    process.send?.(commits, () => process.exit(0));
    return;
  }
  const at = Date.now();
  const t0 = performance.now();
  sqlite.transaction(() => insert.run(body))();
  commits.push([at, performance.now() - t0]);
  setTimeout(commitOne, everyMs);
}
process.send?.('ready');
commitOne();
