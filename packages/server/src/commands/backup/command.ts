import { resolve } from 'node:path';
import type { Config } from '../../config.js';
import { backupLibrary, BackupRefused, type LibraryPaths } from './backup.js';
import { BackupInvalid } from './manifest.js';
import { restoreLibrary } from './restore.js';

const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** `backup DIR`: answers the exit code (0 backed up and verified, 1 refused or failed, 2 usage). */
export async function backupCommand(config: Config, args: string[]): Promise<number> {
  const lib = embeddedLibrary(config, 'backup');
  if (typeof lib === 'number') return lib;
  if (!args[0]) return usage('backup DIR');
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  console.log(`Backing up ${lib.database} and ${lib.files} into ${dir}`);
  return run('backup', async () => {
    const m = await backupLibrary(lib, dir, (line) => console.log(line));
    const rows = Object.values(m.database.tables).reduce((n, r) => n + r, 0);
    console.log(
      `Done: database ${MB(m.database.bytes)} MB (${rows} rows in ${Object.keys(m.database.tables).length} tables) ` +
        `in ${m.seconds.database} s, ${m.files.count} PDFs (${MB(m.files.bytes)} MB) in ${m.seconds.files} s, ` +
        `${m.data_dir_files.join(', ') || 'no other files'} of DATA_DIR; verified in ${m.seconds.verify} s.`,
    );
  });
}

/** `restore DIR`: puts a verified backup where the configuration says the library lives. */
export async function restoreCommand(config: Config, args: string[]): Promise<number> {
  const lib = embeddedLibrary(config, 'restore');
  if (typeof lib === 'number') return lib;
  if (!args[0]) return usage('restore DIR');
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  return run('restore', async () => {
    const m = await restoreLibrary(dir, lib);
    console.log(
      `Restored the backup of ${m.created_at}: ${lib.database}, ${m.files.count} PDFs into ${lib.files}, ` +
        `${m.data_dir_files.join(', ') || 'no other files'} into ${lib.dataDir}. Start the server.`,
    );
  });
}

/**
 * The library's paths when it is embedded (SQLite, PDFs in a folder); otherwise the exit code of a
 * refusal that says what to use instead.
 */
function embeddedLibrary(config: Config, what: string): LibraryPaths | number {
  if (config.database.kind === 'postgres') {
    console.error(
      `${what}: DATABASE_URL is a PostgreSQL database; use pg_dump / pg_restore (docs/operations.md, "Backups")`,
    );
    return 1;
  }
  if (config.storage.kind !== 'local') {
    console.error(
      `${what}: STORAGE_URL is a bucket; keep its PDFs with the bucket's versioning (docs/operations.md, "Backups")`,
    );
    return 1;
  }
  return { database: config.database.path, files: config.storage.root, dataDir: config.dataDir };
}

async function run(what: string, fn: () => Promise<void>): Promise<number> {
  try {
    await fn();
    return 0;
  } catch (err) {
    if (err instanceof BackupRefused || err instanceof BackupInvalid) {
      console.error(`${what}: ${err.message}`);
      if (err instanceof BackupInvalid && err.problems.length > 5)
        console.error(err.problems.map((p) => `  ${p}`).join('\n'));
      return 1;
    }
    console.error(`${what} failed: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}

function usage(line: string): number {
  console.error(`Usage: main.ts ${line}`);
  return 2;
}
