import { effectivePlan } from '@rl/contract';
import { PermanentJobError } from '../jobs/job-list.js';
import type { FilesRepo } from '../modules/files/repo.js';
import type { FileRow } from '../modules/files/presenter.js';
import { textBytesOf } from '../modules/files/reading-store.js';
import type { UsersRepo } from '../modules/users/repo.js';

const MB = 1024 * 1024;
const inMb = (bytes: number) => `${(Math.ceil((bytes / MB) * 10) / 10).toFixed(1)} MB`;

/** Why an upload's text was refused (messages/ingest-messages.ts words it again for the reader). */
export const textPastRoomMessage = (textBytes: number, leftBytes: number): string =>
  `The text of the PDF (${inMb(textBytes)}) does not fit in the storage left on your plan (${inMb(leftBytes)})`;

/**
 * An upload's text is admitted against its owner's storage when it is stored, under the lock that
 * the upload checks take (files.lockScope), so uploads read at once see each other's text: what the
 * owner holds (every upload's PDF and stored text, the open chunked uploads' declared bytes) plus
 * this text must fit the plan their account has now. Past it the file fails with the reason, its
 * text is not stored, and its PDF keeps counting until the owner deletes it, like every failed
 * upload. The library's own files (no owner) are not counted.
 */
export async function admitText(
  tx: { files: FilesRepo; users: Pick<UsersRepo, 'byId'> },
  file: Pick<FileRow, 'owner_id' | 'source' | 'sha256' | 'text_bytes'>,
  pages: string[],
  now: string,
): Promise<void> {
  if (file.owner_id === null || file.source !== 'upload') return;
  const owner = await tx.users.byId(file.owner_id);
  if (!owner) return;
  await tx.files.lockScope(file.owner_id, file.sha256);
  const plan = effectivePlan(owner.user_level, owner.user_level_expire_time, new Date(now));
  // The room counts this file's PDF already; its text is the one being replaced.
  const taken = (await tx.files.uploadRoom(file.owner_id, now)).bytes - file.text_bytes;
  const text = textBytesOf(pages);
  if (taken + text > plan.storage_bytes) {
    throw new PermanentJobError(
      'storage_full',
      textPastRoomMessage(text, Math.max(0, plan.storage_bytes - taken)),
    );
  }
}
