import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { render } from '../../messages/message.js';
import { createUploadGate } from './upload-gate.js';

const refusalOf = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
  }
  throw new Error('not refused');
};

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : 'other';
  }
};

describe('createUploadGate', () => {
  it('bounds uploads per user and per address, and lets each out once', () => {
    const gate = createUploadGate('files', { perUser: 2, perAddress: 3, bytesInFlight: 1000 });
    const a1 = gate.enter('alice', '10.0.0.1', 10);
    gate.enter('alice', '10.0.0.1', 10);
    expect(codeOf(() => gate.enter('alice', '10.0.0.2', 10))).toBe('too_many_requests');
    gate.enter('bob', '10.0.0.1', 10);
    expect(codeOf(() => gate.enter('carol', '10.0.0.1', 10))).toBe('too_many_requests');
    a1.release();
    a1.release();
    expect(gate.inFlight()).toEqual({ uploads: 2, bytes: 20 });
    expect(codeOf(() => gate.enter('alice', '10.0.0.2', 10))).toBeNull();
  });

  it('bounds the bytes reserved at once (503)', () => {
    const gate = createUploadGate('files', { perUser: 10, perAddress: 10, bytesInFlight: 100 });
    const big = gate.enter('alice', '10.0.0.1', 80);
    expect(codeOf(() => gate.enter('bob', '10.0.0.2', 30))).toBe('unavailable');
    big.release();
    expect(codeOf(() => gate.enter('bob', '10.0.0.2', 30))).toBeNull();
  });

  it('holds the bytes a body has taken, not those it may still bring', () => {
    const gate = createUploadGate('files', { perUser: 10, perAddress: 10, bytesInFlight: 100 });
    // Three trickles (each would declare far more than the bound) hold only what they sent.
    const trickles = ['a', 'b', 'c'].map((user) => gate.enter(user, '10.0.0.1'));
    for (const t of trickles) t.take(1);
    expect(gate.inFlight()).toEqual({ uploads: 3, bytes: 3 });
    const other = gate.enter('dave', '10.0.0.2');
    other.take(90);
    expect(gate.inFlight()).toEqual({ uploads: 4, bytes: 93 });
    other.release();
    other.take(50); // a place let out takes nothing more
    expect(gate.inFlight()).toEqual({ uploads: 3, bytes: 3 });
  });

  it('cuts the body whose bytes would pass the bound, and refuses new ones while full', () => {
    const gate = createUploadGate('files', { perUser: 10, perAddress: 10, bytesInFlight: 100 });
    const first = gate.enter('alice', '10.0.0.1');
    const second = gate.enter('bob', '10.0.0.2');
    first.take(60);
    expect(codeOf(() => second.take(41))).toBe('unavailable');
    second.take(40);
    expect(gate.inFlight().bytes).toBe(100);
    expect(codeOf(() => gate.enter('carol', '10.0.0.3'))).toBe('unavailable');
    second.release();
    expect(gate.inFlight()).toEqual({ uploads: 1, bytes: 60 });
    expect(codeOf(() => gate.enter('carol', '10.0.0.3').take(40))).toBeNull();
  });

  it('says what is over its bound in its 429, files or chunks, in both languages', () => {
    const limits = { perUser: 1, perAddress: 5, bytesInFlight: 100 };
    const files = createUploadGate('files', limits);
    files.enter('alice', '10.0.0.1');
    const tooManyFiles = refusalOf(() => files.enter('alice', '10.0.0.1')).localized;
    expect(render(tooManyFiles, 'en')).toBe('At most 1 files can be sent at once; wait for one to finish');
    const chunks = createUploadGate('chunks', limits);
    chunks.enter('alice', '10.0.0.1');
    const tooManyChunks = refusalOf(() => chunks.enter('alice', '10.0.0.1')).localized;
    expect(render(tooManyChunks, 'en')).toBe(
      'At most 1 chunks of uploads can be sent at once; wait for one to finish',
    );
    expect(render(tooManyChunks, 'zh')).toBe('最多只能同时发送 1 个上传分块，请等待其中一个完成');
  });
});
