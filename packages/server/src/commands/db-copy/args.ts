import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, databaseSettingsOf, storageSettingsOf } from '../../config.js';
import type { StorageSettings } from '../../platform/storage/types.js';

export const COPY_USAGE = `Usage: npm run db:copy -- --from sqlite:PATH --to postgres://USER@HOST:PORT/DATABASE
                          [--files-to s3://BUCKET/PREFIX [--files-from DIR]]

Copies a library from its SQLite file into an empty PostgreSQL database: every table in
dependency order, then the search index rebuilt there, then row counts and sample searches
compared on both sides. The source may be in use: it is read, never written, from one snapshot.

  --from sqlite:PATH        the library's database (DATA_DIR/library.db)
  --to postgres://...       an empty PostgreSQL database (?options=-c search_path=SCHEMA picks a schema)
  --files-to s3://B/P       also copy the PDFs into this store (S3_ENDPOINT, S3_REGION,
                            S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as for STORAGE_URL)
  --files-from DIR          where the PDFs are (default: the files folder beside the database)`;

/** A command line db:copy cannot run with: said with the usage, exit code 2. */
export class UsageError extends Error {}

export interface CopyArgs {
  /** The SQLite file, absolute. */
  from: string;
  /** The PostgreSQL URL. */
  to: string;
  /** Where to copy the PDFs (from the local folder `filesFrom`), when asked. */
  files: { from: string; to: StorageSettings } | null;
}

/** Reads db:copy's arguments (`help` when asked for the usage). */
export function parseCopyArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CopyArgs | 'help' {
  let values: { from?: string; to?: string; 'files-to'?: string; 'files-from'?: string; help?: boolean };
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        'files-to': { type: 'string' },
        'files-from': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) return 'help';
  const { from: fromUrl, to: toUrl } = values;
  if (!fromUrl) throw new UsageError('--from sqlite:PATH is required');
  if (!toUrl) throw new UsageError('--to postgres://... is required');
  if (!/^(sqlite|file):/.test(fromUrl)) throw new UsageError(`--from: expected sqlite:PATH, got ${fromUrl}`);
  const from = asUsage('--from', () => databaseSettingsOf(fromUrl, env));
  if (from.kind !== 'sqlite') throw new UsageError(`--from: expected sqlite:PATH, got ${fromUrl}`);
  if (!existsSync(from.path)) throw new UsageError(`--from: no database at ${from.path}`);
  const expectedTo = '--to: expected postgres://user@host:port/database';
  if (!/^postgres(ql)?:\/\//.test(toUrl)) throw new UsageError(expectedTo);
  const to = asUsage('--to', () => databaseSettingsOf(toUrl, env));
  if (to.kind !== 'postgres') throw new UsageError(expectedTo);
  if (values['files-from'] && !values['files-to']) {
    throw new UsageError('--files-from: only used with --files-to');
  }
  let files: CopyArgs['files'] = null;
  if (values['files-to']) {
    const filesFrom = values['files-from']
      ? resolve(env.INIT_CWD ?? process.cwd(), values['files-from'])
      : join(dirname(from.path), 'files');
    if (!existsSync(filesFrom)) throw new UsageError(`--files-from: no folder at ${filesFrom}`);
    const url = values['files-to'];
    files = { from: filesFrom, to: asUsage('--files-to', () => storageSettingsOf(url, env)) };
  }
  return { from: from.path, to: to.url, files };
}

/** A location the configuration's parser refuses, said as a usage error of `flag`. */
function asUsage<T>(flag: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(`${flag}: ${err.message.replace(/^[A-Z_]+: /, '')}`);
    throw err;
  }
}
