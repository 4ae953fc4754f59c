import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { createUploadGate } from './upload-gate.js';

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
    const gate = createUploadGate({ perUser: 2, perAddress: 3, bytesInFlight: 1000 });
    const a1 = gate.enter('alice', '10.0.0.1', 10);
    gate.enter('alice', '10.0.0.1', 10);
    expect(codeOf(() => gate.enter('alice', '10.0.0.2', 10))).toBe('too_many_requests');
    gate.enter('bob', '10.0.0.1', 10);
    expect(codeOf(() => gate.enter('carol', '10.0.0.1', 10))).toBe('too_many_requests');
    a1();
    a1();
    expect(gate.inFlight()).toEqual({ uploads: 2, bytes: 20 });
    expect(codeOf(() => gate.enter('alice', '10.0.0.2', 10))).toBeNull();
  });

  it('bounds the bytes all uploads may bring at once (503)', () => {
    const gate = createUploadGate({ perUser: 10, perAddress: 10, bytesInFlight: 100 });
    const big = gate.enter('alice', '10.0.0.1', 80);
    expect(codeOf(() => gate.enter('bob', '10.0.0.2', 30))).toBe('unavailable');
    big();
    expect(codeOf(() => gate.enter('bob', '10.0.0.2', 30))).toBeNull();
  });
});
