import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist');
export const ARTIFACTS = path.join(REPO_ROOT, 'e2e/artifacts');
