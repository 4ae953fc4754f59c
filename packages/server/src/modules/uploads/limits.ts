import { ERROR_CODES, PLANS, type Plan, type UploadUsage } from '@rl/contract';
import { AppError } from '../../errors.js';
import type { UploadLimits } from '../files/repo.js';
import { uploadCountMessage } from '../quota/service.js';

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
      `The free plan accepts files up to ${inMb(plan.upload_max_bytes)}; the institutional plan allows ${inMb(PLANS.paid_v0.upload_max_bytes)} per file.`,
    );
  }
  return new AppError(
    ERROR_CODES.tooLarge,
    `The file is larger than ${inMb(plan.upload_max_bytes)}, the most your plan accepts`,
  );
}

export function assertFileSize(plan: Plan, size: number): void {
  if (size > plan.upload_max_bytes) throw fileTooLarge(plan);
}

/** One more file of `size` bytes must fit the plan's file count and storage. */
export function assertRoom(plan: Plan, held: { files: number; bytes: number }, size: number): void {
  if (held.files >= plan.upload_max_files)
    throw new AppError(ERROR_CODES.quotaExceeded, uploadCountMessage(plan));
  if (held.bytes + size > plan.storage_bytes) {
    const total = plan.storage_bytes >= 1024 * MB ? inGb(plan.storage_bytes) : inMb(plan.storage_bytes);
    throw new AppError(
      ERROR_CODES.quotaExceeded,
      `This file would take your uploads past the ${total} of storage your plan includes. Delete some files first.`,
    );
  }
}
