import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { FileStorage, StorageSettings } from './types.js';

export { createLocalStorage } from './local.js';
export { createS3Client, createS3Storage } from './s3.js';
export * from './types.js';

/** The store the configuration names (config.storage): the local folder or an S3-compatible bucket. */
export function openFileStorage(settings: StorageSettings): FileStorage {
  return settings.kind === 's3' ? createS3Storage(settings) : createLocalStorage(settings.root);
}
