import { describe, expect, it } from 'vitest';
import { exited, runScript } from './process.js';

describe('the listening descriptors the primary shares with an HTTP worker', () => {
  it('leave the port once a worker that stopped while still receiving them has exited', async () => {
    const child = runScript('test/listen-copies-fixture.ts', [], {});
    expect(await exited(child)).toBe(0);
    expect(child.output().trim()).toBe('ECONNREFUSED');
  }, 60_000);
});
