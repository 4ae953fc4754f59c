import type { UploadUsage } from '@rl/contract';
import type { Plan } from '@rl/contract/constants';

/** What the user's plan still allows: the server's usage when known, else the plan's limits. */
export interface UploadLimits {
  maxFileBytes: number;
  /** Files that may still be added; null when the usage is not known yet. */
  filesLeft: number | null;
  maxFiles: number;
  /** Storage left in bytes; null when unknown. */
  bytesLeft: number | null;
}

export function uploadLimits(plan: Plan, usage: UploadUsage | undefined): UploadLimits {
  if (!usage) {
    return {
      maxFileBytes: plan.upload_max_bytes,
      filesLeft: null,
      maxFiles: plan.upload_max_files,
      bytesLeft: null,
    };
  }
  return {
    maxFileBytes: usage.max_file_bytes,
    filesLeft: Math.max(0, usage.max_files - usage.files),
    maxFiles: usage.max_files,
    bytesLeft: Math.max(0, usage.max_bytes - usage.bytes),
  };
}

/** Why a chosen file cannot be sent; `plan` marks problems an upgrade solves. */
export type UploadProblem =
  | { kind: 'notPdf' }
  | { kind: 'empty' }
  | { kind: 'tooLarge'; size: number; max: number; plan: true }
  | { kind: 'noFilesLeft'; max: number; plan: true }
  | { kind: 'noStorageLeft'; size: number; left: number; plan: true };

/** A PDF by its name or type; only a hint, the server judges the content. */
function looksLikePdf(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/**
 * The client's checks before sending, from the contract's plan limits; the server checks again
 * (and sniffs the content), so these only save a doomed upload and say why at once.
 */
export function checkUpload(
  file: Pick<File, 'name' | 'type' | 'size'>,
  limits: UploadLimits,
): UploadProblem | null {
  if (!looksLikePdf(file)) return { kind: 'notPdf' };
  if (file.size === 0) return { kind: 'empty' };
  if (limits.filesLeft === 0) return { kind: 'noFilesLeft', max: limits.maxFiles, plan: true };
  if (file.size > limits.maxFileBytes) {
    return { kind: 'tooLarge', size: file.size, max: limits.maxFileBytes, plan: true };
  }
  if (limits.bytesLeft !== null && file.size > limits.bytesLeft) {
    return { kind: 'noStorageLeft', size: file.size, left: limits.bytesLeft, plan: true };
  }
  return null;
}
