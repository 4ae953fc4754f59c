import { createHash } from 'node:crypto';
import type { Viewer } from '../access/viewer.js';

/**
 * Who a view of a file is counted for (file_view_days): the user, else the visitor's browser
 * (fingerprint), else their address. Hashed: the table only compares them, and keeps no address.
 */
export function viewKey(viewer: Pick<Viewer, 'user' | 'fingerprint' | 'ip'>): string {
  const who = viewer.user
    ? `u:${viewer.user.id}`
    : viewer.fingerprint
      ? `fp:${viewer.fingerprint}`
      : `ip:${viewer.ip}`;
  return createHash('sha256').update(who).digest('base64url');
}
