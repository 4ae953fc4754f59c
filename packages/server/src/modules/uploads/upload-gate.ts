import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { UPLOADS_PER_ADDRESS, UPLOADS_PER_USER } from '../../config.js';

/** Bytes a process may hold in temporary files of one-request uploads under way, all together. */
export const UPLOAD_BYTES_IN_FLIGHT = 512 * 1024 * 1024;
/** Bytes of chunk bodies a process may be receiving into memory at once. */
export const CHUNK_BYTES_IN_FLIGHT = 256 * 1024 * 1024;

export interface UploadGateLimits {
  perUser: number;
  perAddress: number;
  bytesInFlight: number;
}

/** One body let in: it takes bytes as they arrive, and lets its place (and bytes) out once. */
export interface UploadPlace {
  /** Counts `bytes` more of this body, or throws 503 when all bodies together would pass the bound. */
  take(bytes: number): void;
  release(): void;
}

const busy = () => new AppError(ERROR_CODES.unavailable, msg('uploadsBusy'), { retry_after_s: 30 });

/**
 * Admission of upload bodies while they stream in: at most `perUser` per account and `perAddress`
 * per client address at once (429), and at most `bytesInFlight` bytes held by them all (503: the
 * server is busy, not the caller at fault). A body holds what it reserved on entry plus what it
 * has taken since, not what it declares: one that declares 200 MB and sends a trickle holds only
 * the trickle, so it cannot keep everyone else's uploads out. A body whose bytes would carry the
 * total past the bound is cut (503). Counted per process: with N HTTP workers a client may hold N
 * times as many, still a bound.
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
  let held = 0;

  const add = (counts: Map<string, number>, key: string, n: number) => {
    const next = (counts.get(key) ?? 0) + n;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    /**
     * Lets one body in, reserving `reserve` bytes at once (0: it takes them as they come), or
     * throws. A full gate refuses even a body that reserves nothing: it could not take a byte.
     */
    enter(userId: string, address: string, reserve = 0): UploadPlace {
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
      if (held + Math.max(reserve, 1) > limits.bytesInFlight) throw busy();
      add(byUser, userId, 1);
      add(byAddress, address, 1);
      held += reserve;
      let mine = reserve;
      let open = true;
      return {
        take(bytes: number) {
          if (!open) return;
          if (held + bytes > limits.bytesInFlight) throw busy();
          held += bytes;
          mine += bytes;
        },
        release() {
          if (!open) return;
          open = false;
          add(byUser, userId, -1);
          add(byAddress, address, -1);
          held -= mine;
        },
      };
    },
    /** What is under way: for tests and health. */
    inFlight: () => ({ uploads: [...byUser.values()].reduce((a, b) => a + b, 0), bytes: held }),
  };
}
export type UploadGate = ReturnType<typeof createUploadGate>;
