import { createLocalStorage } from './local.js';
import type { FileStorage, S3StorageSettings, StorageSettings } from './types.js';

export { createLocalStorage } from './local.js';
export * from './types.js';

/** The store the configuration names (config.storage): the local folder or an S3-compatible bucket. */
export function openFileStorage(settings: StorageSettings): FileStorage {
  return settings.kind === 's3' ? lazyS3Storage(settings) : createLocalStorage(settings.root);
}

/**
 * The bucket store, its SDK loaded at the first call: the AWS SDK takes a good part of a second to
 * load, which every start (and every HTTP worker) of a library on a local folder would pay.
 */
function lazyS3Storage(settings: S3StorageSettings): FileStorage {
  let store: Promise<FileStorage> | undefined;
  const opened = () => (store ??= import('./s3.js').then((m) => m.createS3Storage(settings)));
  const call = <K extends keyof FileStorage>(name: K): FileStorage[K] =>
    (async (...args: unknown[]) =>
      ((await opened())[name] as (...a: unknown[]) => Promise<unknown>)(...args)) as FileStorage[K];
  return {
    put: call('put'),
    putFile: call('putFile'),
    read: call('read'),
    stream: call('stream'),
    size: call('size'),
    openForReads: call('openForReads'),
    remove: call('remove'),
    removeUnless: call('removeUnless'),
    entries: call('entries'),
    removeLeftover: call('removeLeftover'),
  };
}
