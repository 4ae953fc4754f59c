import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';

/** The bounds of a gate, from the config (uploadsAtOnce, chunksAtOnce). */
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

/**
 * What a gate lets in: whole files (one-request uploads) or chunks of chunked uploads. A refusal
 * names what is over its bound: a client sending chunks of one file in parallel has no "files".
 */
export type UploadGateBodies = 'files' | 'chunks';

const TOO_MANY = {
  files: 'tooManyOneRequestUploads',
  chunks: 'tooManyChunksInFlight',
} as const satisfies Record<UploadGateBodies, string>;

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
export function createUploadGate(bodies: UploadGateBodies, limits: UploadGateLimits) {
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
        throw new AppError(ERROR_CODES.tooManyRequests, msg(TOO_MANY[bodies], { max: limit }), {
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
