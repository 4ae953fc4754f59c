import { z } from 'zod';

/**
 * One-request uploads a process receives at once from one account and from one address: a browser
 * sends files this way one or two at a time (larger ones go in chunks), so more is a client holding
 * bodies open to fill the disk.
 */
export const UPLOADS_PER_USER = 3;
export const UPLOADS_PER_ADDRESS = 6;
/**
 * Chunk bodies a process receives at once (each held in memory until written): one per upload a
 * user may have under way, and twice that per address (people behind one office gateway).
 */
export const CHUNKS_PER_USER = 5;
export const CHUNKS_PER_ADDRESS = 10;

const seconds = (def: number, max: number) => z.coerce.number().int().min(1).max(max).default(def);
const atLeastOne = (def: number) => z.coerce.number().int().min(1).default(def);

/** The environment variables of upload bodies (part of config.ts's schema). */
export const UPLOAD_ENV = {
  // An upload's body that sends nothing this long is dropped (its connection closed).
  UPLOAD_STALL_S: seconds(30, 300),
  // After the grace (a slow start: TLS, a congested first window), an upload's body averaging under
  // 16 KiB/s (128 kbit/s, which a phone on a poor 3G link still sends) is dropped too: a trickle of
  // a byte every few seconds never falls silent for the stall time, but is far under any real link.
  UPLOAD_MIN_RATE_GRACE_S: seconds(30, 300),
  UPLOAD_MIN_BYTES_PER_S: atLeastOne(16 * 1024),
  // No upload's body takes longer: 30 min carry the largest one-request body (200 MB) at 0.9 Mbit/s;
  // the web sends files over 3 MB in chunks of at most 10 MB, each with a deadline of its own.
  UPLOAD_BODY_DEADLINE_S: seconds(30 * 60, 24 * 3600),
  UPLOADS_AT_ONCE_PER_USER: atLeastOne(UPLOADS_PER_USER),
  UPLOADS_AT_ONCE_PER_ADDRESS: atLeastOne(UPLOADS_PER_ADDRESS),
  // Bytes of one-request uploads under way (their temporary files) a process holds at once.
  UPLOAD_BYTES_IN_FLIGHT_MB: atLeastOne(512),
  CHUNKS_AT_ONCE_PER_USER: atLeastOne(CHUNKS_PER_USER),
  CHUNKS_AT_ONCE_PER_ADDRESS: atLeastOne(CHUNKS_PER_ADDRESS),
  // Bytes of chunk bodies a process receives into memory at once, all uploads together.
  CHUNK_BYTES_IN_FLIGHT_MB: atLeastOne(256),
};
type UploadEnv = z.infer<z.ZodObject<typeof UPLOAD_ENV>>;

export interface UploadSettings {
  /** How an upload's body must keep coming, else its connection is closed (http/body-pace.ts). */
  uploadPace: { stallMs: number; graceMs: number; minBytesPerS: number; deadlineMs: number };
  /** One-request uploads a process receives at once per account and address, and their bytes on disk. */
  uploadsAtOnce: { perUser: number; perAddress: number; bytesInFlight: number };
  /** Chunk bodies a process receives at once per account and address, and their bytes in memory. */
  chunksAtOnce: { perUser: number; perAddress: number; bytesInFlight: number };
}

export function uploadSettingsFrom(e: UploadEnv): UploadSettings {
  return {
    uploadPace: {
      stallMs: e.UPLOAD_STALL_S * 1000,
      graceMs: e.UPLOAD_MIN_RATE_GRACE_S * 1000,
      minBytesPerS: e.UPLOAD_MIN_BYTES_PER_S,
      deadlineMs: e.UPLOAD_BODY_DEADLINE_S * 1000,
    },
    uploadsAtOnce: {
      perUser: e.UPLOADS_AT_ONCE_PER_USER,
      perAddress: e.UPLOADS_AT_ONCE_PER_ADDRESS,
      bytesInFlight: e.UPLOAD_BYTES_IN_FLIGHT_MB * 1024 * 1024,
    },
    chunksAtOnce: {
      perUser: e.CHUNKS_AT_ONCE_PER_USER,
      perAddress: e.CHUNKS_AT_ONCE_PER_ADDRESS,
      bytesInFlight: e.CHUNK_BYTES_IN_FLIGHT_MB * 1024 * 1024,
    },
  };
}
