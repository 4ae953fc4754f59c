import { ERROR_CODES, PLANS, type Plan, type UploadUsage } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { UploadLimits } from '../files/upload-room.js';
import { uploadCountSpent } from '../quota/walls.js';

/** The plan's upload rules (SPEC.md sections 6 and 9), as pure checks over what a user holds. */

const MB = 1024 * 1024;
const inMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
const inGb = (bytes: number) => `${Math.round(bytes / 1024 / MB)} GB`;

export const limitsOf = (plan: Plan): UploadLimits => ({
  maxFiles: plan.upload_max_files,
  maxBytes: plan.storage_bytes,
});

export function usageOf(plan: Plan, held: { files: number; bytes: number }): UploadUsage {
  return {
    files: held.files,
    max_files: plan.upload_max_files,
    bytes: held.bytes,
    max_bytes: plan.storage_bytes,
    max_file_bytes: plan.upload_max_bytes,
  };
}

/**
 * A file over the plan's per-file limit: on the free plan a 403 quota_exceeded naming the paid
 * plan's limit (the web opens the subscription modal); on a paid plan a 413 too_large.
 */
export function fileTooLarge(plan: Plan): Error {
  if (plan.id === 'trial') {
    return new AppError(
      ERROR_CODES.quotaExceeded,
      msg('freePlanFileTooLarge', {
        max: inMb(plan.upload_max_bytes),
        paidMax: inMb(PLANS.paid_v0.upload_max_bytes),
      }),
      { reason: 'upload_bytes', limit: plan.upload_max_bytes },
    );
  }
  return new AppError(ERROR_CODES.tooLarge, msg('fileTooLarge', { max: inMb(plan.upload_max_bytes) }));
}

export function assertFileSize(plan: Plan, size: number): void {
  if (size > plan.upload_max_bytes) throw fileTooLarge(plan);
}

/** One more file of `size` bytes must fit the plan's file count and storage. */
export function assertRoom(plan: Plan, held: { files: number; bytes: number }, size: number): void {
  if (held.files >= plan.upload_max_files) throw uploadCountSpent(plan, held.files);
  if (held.bytes + size > plan.storage_bytes) {
    const total = plan.storage_bytes >= 1024 * MB ? inGb(plan.storage_bytes) : inMb(plan.storage_bytes);
    throw new AppError(ERROR_CODES.quotaExceeded, msg('storageFull', { total }), {
      reason: 'storage',
      limit: plan.storage_bytes,
      used: held.bytes,
    });
  }
}
