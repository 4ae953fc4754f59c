import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { UPLOADS_PER_ADDRESS, UPLOADS_PER_USER } from '../../config.js';

/** Bytes a process may be receiving into temporary files at once, all uploads together. */
export const UPLOAD_BYTES_IN_FLIGHT = 512 * 1024 * 1024;
/** Bytes of chunk bodies a process may be receiving into memory at once. */
export const CHUNK_BYTES_IN_FLIGHT = 256 * 1024 * 1024;

export interface UploadGateLimits {
  perUser: number;
  perAddress: number;
  bytesInFlight: number;
}

/**
 * Admission of one-request uploads while their bodies stream in: at most `perUser` per account and
 * `perAddress` per client address at once (429), and at most `bytesInFlight` bytes reserved by them
 * all (503: the server is busy, not the caller at fault). Counted per process: with N HTTP workers a
 * client may hold N times as many, still a bound.
 */
export function createUploadGate(
  limits: UploadGateLimits = {
    perUser: UPLOADS_PER_USER,
    perAddress: UPLOADS_PER_ADDRESS,
    bytesInFlight: UPLOAD_BYTES_IN_FLIGHT,
  },
) {
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  let reserved = 0;

  const add = (counts: Map<string, number>, key: string, n: number) => {
    const next = (counts.get(key) ?? 0) + n;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    /** Lets one upload of at most `bytes` in, or throws; answers the function that lets it out (once). */
    enter(userId: string, address: string, bytes: number): () => void {
      const max = Math.min(
        limits.perUser - (byUser.get(userId) ?? 0),
        limits.perAddress - (byAddress.get(address) ?? 0),
      );
      if (max <= 0) {
        const limit = Math.min(limits.perUser, limits.perAddress);
        throw new AppError(ERROR_CODES.tooManyRequests, msg('tooManyOneRequestUploads', { max: limit }), {
          retry_after_s: 30,
        });
      }
      if (reserved + bytes > limits.bytesInFlight) {
        throw new AppError(ERROR_CODES.unavailable, msg('uploadsBusy'), { retry_after_s: 30 });
      }
      add(byUser, userId, 1);
      add(byAddress, address, 1);
      reserved += bytes;
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        add(byUser, userId, -1);
        add(byAddress, address, -1);
        reserved -= bytes;
      };
    },
    /** What is under way: for tests and health. */
    inFlight: () => ({ uploads: [...byUser.values()].reduce((a, b) => a + b, 0), bytes: reserved }),
  };
}
export type UploadGate = ReturnType<typeof createUploadGate>;
