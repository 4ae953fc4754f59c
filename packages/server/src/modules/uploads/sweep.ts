import type { Db } from '../../db/database.js';
import type { Clock } from '../../platform/clock.js';
import { createUploadSessionsRepo } from './sessions-repo.js';
import type { UploadDir } from './temp-files.js';

/** Every 10 minutes, and at start. */
export const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60_000;
/**
 * A one-request upload's temporary file untouched this long was left by a crash, whoever wrote it
 * (a file of an older name, or whose writer's process id was reused). One whose writer is gone
 * (`single-<pid>-…`) goes at once.
 */
const STALE_TEMP_MS = 3600_000;

/** True unless the file names a process that is alive (on this machine, where DATA_DIR is). */
function writerGone(name: string): boolean {
  const pid = Number(/^single-(\d+)-/.exec(name)?.[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // EPERM: alive, another user's.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Removes expired chunked sessions with their folders, folders (or part files of an older
 * version) without a session, and temporary files of one-request uploads a crash left behind.
 */
export async function sweepUploads(deps: {
  db: Db;
  dir: UploadDir;
  clock: Clock;
}): Promise<{ sessions: number; files: number }> {
  const sessions = createUploadSessionsRepo(deps.db);
  const expired = await sessions.removeExpired(deps.clock.now().toISOString());
  for (const id of expired) await deps.dir.remove(deps.dir.partPath(id));
  let files = 0;
  for (const f of await deps.dir.list(Date.now())) {
    const part = /^(.+)\.part$/.exec(f.name);
    const stale = part
      ? !(await sessions.exists(part[1] ?? ''))
      : f.ageMs > STALE_TEMP_MS || writerGone(f.name);
    if (stale) {
      await deps.dir.remove(f.path);
      files++;
    }
  }
  return { sessions: expired.length, files };
}

/** Runs the sweep now and then periodically (unref'd); answers a stop function. */
export function startUploadSweeper(
  deps: Parameters<typeof sweepUploads>[0],
  onError: (err: unknown) => void,
) {
  const run = () => void sweepUploads(deps).catch(onError);
  run();
  const timer = setInterval(run, UPLOAD_SWEEP_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}
