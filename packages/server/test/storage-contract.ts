import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex, StoredFileMissing, type FileStorage } from '../src/platform/storage/types.js';

/** A store under test: empty when opened. */
export interface StoreUnderTest {
  storage: FileStorage;
  /**
   * Writes what an interrupted write or removal leaves: `bytes` at the place of `sha256`'s content
   * with `suffix` appended (`.<random>.tmp`, `.<random>.trash`), as the store itself names it.
   */
  plantLeftover(sha256: string, suffix: string, bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export const collect = async (stream: Readable): Promise<Buffer> =>
  Buffer.concat((await stream.toArray()) as Buffer[]);

/** The same bytes (compared by length and sha256: toEqual walks a Buffer byte by byte, slowly). */
export function expectSameBytes(actual: Uint8Array, expected: Uint8Array, what?: string): void {
  expect({ size: actual.length, sha256: sha256Hex(actual) }, what).toEqual({
    size: expected.length,
    sha256: sha256Hex(expected),
  });
}

/** Distinct bytes per `salt`, `size` long, shaped like a PDF. */
export function pdfBytes(size: number, salt: string): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + (i >> 8)) & 0xff;
  out.write(`%PDF-1.7 ${salt}\n`, 0);
  return out;
}

/** The store of the test under way (set before each test), and a scratch folder for its sources. */
interface Contract {
  store: StoreUnderTest;
  storage: FileStorage;
  scratch: string;
}

/**
 * The FileStorage contract, run on each kind of store (local.test.ts, s3.test.ts): what the
 * ingestor, the routes and the sweep count on, whatever keeps the bytes.
 */
export function storageContract(kind: string, open: () => Promise<StoreUnderTest>): void {
  describe(`FileStorage contract: ${kind}`, () => {
    const t = {} as Contract;
    beforeEach(async () => {
      t.store = await open();
      t.storage = t.store.storage;
      t.scratch = mkdtempSync(join(tmpdir(), 'rl-storage-src-'));
    });
    afterEach(async () => {
      await t.store.close();
      rmSync(t.scratch, { recursive: true, force: true });
    });
    writeCases(t);
    readCases(t);
    removalCases(t);
    leftoverCases(t);
  });
}

/** Storing: bytes and files from disk, once, nothing of a file it cannot read. */
function writeCases(t: Contract): void {
  it('stores bytes under their sha256, once, and reads them back', async () => {
    const bytes = pdfBytes(10_000, 'put');
    const sha = sha256Hex(bytes);
    expect(await t.storage.size(sha)).toBeNull();
    expect(await t.storage.put(bytes)).toEqual({ sha256: sha, size: bytes.length });
    expect(await t.storage.put(bytes)).toEqual({ sha256: sha, size: bytes.length });
    expect(await t.storage.size(sha)).toBe(bytes.length);
    expectSameBytes(await t.storage.read(sha), bytes);
    expect((await t.storage.entries()).map((e) => e.sha256)).toEqual([sha]);
  });

  it('stores a file from disk, once when it is put three times at once, and leaves the source', async () => {
    const bytes = pdfBytes(300_000, 'putFile');
    const sha = sha256Hex(bytes);
    const source = join(t.scratch, 'upload.part');
    writeFileSync(source, bytes);
    await Promise.all([0, 1, 2].map(() => t.storage.putFile(source, sha, bytes.length)));
    expect(existsSync(source)).toBe(true);
    expectSameBytes(await t.storage.read(sha), bytes);
    expectSameBytes(await collect(await t.storage.stream(sha)), bytes);
    expect((await t.storage.entries()).map((e) => e.sha256)).toEqual([sha]);
  });

  it('rejects a file it cannot read, and stores nothing of it', async () => {
    const sha = sha256Hex(Buffer.from('gone before it was stored'));
    await expect(t.storage.putFile(join(t.scratch, 'missing.part'), sha, 100)).rejects.toThrow();
    expect(await t.storage.size(sha)).toBeNull();
    expect(await t.storage.entries()).toEqual([]);
  });
}

/** Reading: streams and byte ranges, files opened for serving, content it does not hold. */
function readCases(t: Contract): void {
  it('streams the whole file or any byte range of it', async () => {
    const bytes = pdfBytes(100_000, 'ranges');
    const { sha256 } = await t.storage.put(bytes);
    expectSameBytes(await collect(await t.storage.stream(sha256)), bytes);
    const last = bytes.length - 1;
    for (const [start, end] of [
      [0, 0],
      [0, 1023],
      [1, 1],
      [1024, 65_535],
      [50_000, last],
      [last, last],
    ] as const) {
      const part = await collect(await t.storage.stream(sha256, { start, end }));
      expectSameBytes(part, bytes.subarray(start, end + 1), `${start}-${end}`);
    }
  });

  it('opens a file for serving: its size and byte ranges read into memory, until it is removed', async () => {
    const bytes = pdfBytes(100_000, 'reads');
    const { sha256 } = await t.storage.put(bytes);
    const last = bytes.length - 1;
    // Twice: the second opening may be served from a file kept open by the first.
    for (let i = 0; i < 2; i++) {
      const file = await t.storage.openForReads(sha256);
      expect(file.size).toBe(bytes.length);
      const ranges = [
        [0, 0],
        [0, 16_383],
        [last - 16_383, last],
        [1024, 65_535],
        [last, last],
      ] as const;
      const parts = await Promise.all(ranges.map(([start, end]) => file.read({ start, end })));
      ranges.forEach(([start, end], j) =>
        expectSameBytes(parts[j]!, bytes.subarray(start, end + 1), `${start}-${end}`),
      );
    }
    await t.storage.remove(sha256);
    await expect(t.storage.openForReads(sha256)).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(t.storage.openForReads(sha256Hex(Buffer.from('never stored')))).rejects.toBeInstanceOf(
      StoredFileMissing,
    );
  });

  it('rejects reading or streaming content it does not hold; removing it is a no-op', async () => {
    const sha = sha256Hex(Buffer.from('never stored'));
    await expect(t.storage.read(sha)).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(t.storage.stream(sha)).rejects.toBeInstanceOf(StoredFileMissing);
    await expect(t.storage.stream(sha, { start: 0, end: 9 })).rejects.toBeInstanceOf(StoredFileMissing);
    await t.storage.remove(sha);
    expect(await t.storage.size(sha)).toBeNull();
  });
}

/** Removing: plainly, and unless the content is still needed. */
function removalCases(t: Contract): void {
  it('removes bytes', async () => {
    const { sha256 } = await t.storage.put(pdfBytes(5000, 'remove'));
    await t.storage.remove(sha256);
    expect(await t.storage.size(sha256)).toBeNull();
    await expect(t.storage.read(sha256)).rejects.toBeInstanceOf(StoredFileMissing);
    expect(await t.storage.entries()).toEqual([]);
  });

  it('removeUnless removes what is not needed, keeps what is, and keeps it when the check fails', async () => {
    const [gone, kept, failed] = [pdfBytes(2000, 'gone'), pdfBytes(2000, 'kept'), pdfBytes(2000, 'failed')];
    const sha = async (b: Buffer) => (await t.storage.put(b)).sha256;
    const [g, k, f] = [await sha(gone), await sha(kept), await sha(failed)];
    await t.storage.removeUnless(g, async () => false);
    await t.storage.removeUnless(k, async () => true);
    await t.storage.removeUnless(f, () => Promise.reject(new Error('database down')));
    expect(await t.storage.size(g)).toBeNull();
    expectSameBytes(await t.storage.read(k), kept);
    expectSameBytes(await t.storage.read(f), failed);
    expect((await t.storage.entries()).map((e) => e.sha256).sort()).toEqual([k, f].sort());
  });

  it('removeUnless holds no bytes while it asks, and a writer storing them meanwhile keeps them', async () => {
    // The guarantee the ingestor counts on: whoever stores the same content during the check
    // either is seen by it or finds the bytes missing afterwards (ingest-file.ts verifies).
    const bytes = pdfBytes(4000, 'concurrent writer');
    const { sha256 } = await t.storage.put(bytes);
    let seenDuringCheck: number | null | undefined;
    await t.storage.removeUnless(sha256, async () => {
      seenDuringCheck = await t.storage.size(sha256);
      await t.storage.put(bytes); // a concurrent upload of the same content, not committed yet
      return false;
    });
    expect(seenDuringCheck).toBeNull();
    expectSameBytes(await t.storage.read(sha256), bytes);
    expect((await t.storage.entries()).map((e) => e.sha256)).toEqual([sha256]);

    let asked = false;
    await t.storage.removeUnless(sha256Hex(Buffer.from('absent')), async () => (asked = true));
    expect(asked).toBe(false);
  });
}

/** The sweep: listing beside leftovers, and what it does with them. */
function leftoverCases(t: Contract): void {
  it('lists stored files oldest first beside leftovers, and removes only leftovers', async () => {
    const a = await t.storage.put(pdfBytes(1000, 'a'));
    const b = await t.storage.put(pdfBytes(1000, 'b'));
    await t.store.plantLeftover(b.sha256, '.0123456789ab.tmp', Buffer.from('half written'));
    const entries = await t.storage.entries();
    expect(entries.map((e) => e.sha256).sort()).toEqual([a.sha256, b.sha256, null].sort());
    const times = entries.map((e) => e.mtimeMs);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(Math.abs(times[0]! - Date.now())).toBeLessThan(60_000);

    const stored = entries.find((e) => e.sha256 === a.sha256)!;
    await expect(t.storage.removeLeftover(stored)).rejects.toThrow(/not a leftover/);
    await t.storage.removeLeftover(entries.find((e) => e.sha256 === null)!);
    expect((await t.storage.entries()).map((e) => e.sha256).sort()).toEqual([a.sha256, b.sha256].sort());
    expect(await t.storage.size(b.sha256)).toBe(1000);
  });

  it('puts back a copy an interrupted removal set aside when its content is missing, else drops it', async () => {
    const lost = pdfBytes(3000, 'removal interrupted after the move aside');
    const lostSha = sha256Hex(lost);
    await t.store.plantLeftover(lostSha, '.0123456789ab.trash', lost);
    const still = await t.storage.put(pdfBytes(3000, 'stored again since'));
    await t.store.plantLeftover(still.sha256, '.ba9876543210.trash', pdfBytes(3000, 'stored again since'));
    for (const leftover of (await t.storage.entries()).filter((e) => e.sha256 === null))
      await t.storage.removeLeftover(leftover);
    expectSameBytes(await t.storage.read(lostSha), lost);
    expect(await t.storage.size(still.sha256)).toBe(3000);
    expect((await t.storage.entries()).map((e) => e.sha256).sort()).toEqual([lostSha, still.sha256].sort());
  });
}
