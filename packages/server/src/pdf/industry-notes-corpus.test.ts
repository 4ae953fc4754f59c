import { afterAll, describe, expect, it } from 'vitest';
import { inferMetadata } from './infer-metadata.js';
import { openCorpusReadings } from '../../test/pdf/corpus-readings.js';
import { HELD_OUT, readResearchManifest } from '../../test/pdf/test-corpus.js';
import { parseTicker } from './research/ticker.js';

/*
 * The industry notes of the research corpus (none is held out): their companies are mentioned,
 * never their subject, and a company note keeps its company, whatever it prints of its sector. Held
 * out notes are measured by scripts/reading-eval.ts, never opened here.
 */
const corpus = openCorpusReadings();
afterAll(() => corpus.close());

const labels = readResearchManifest().filter((l) => !HELD_OUT.has(l.file));
const read = async (file: string) =>
  inferMetadata(await corpus.read('research', file), 'document.pdf', { today: '2026-12-01' });
const canonical = (tickers: readonly string[]) => [
  ...new Set(tickers.map((t) => parseTicker(t)?.canonical ?? t.toUpperCase())),
];

describe('industry notes of the corpus', () => {
  const industry = labels.filter((l) => l.reportType === 'industry');

  it.each(industry.map((l) => [l.file, l] as const))(
    '%s: the companies it names are mentioned, never its subject',
    async (_file, label) => {
      const meta = await read(label.file);
      expect(meta.reportType).toBe('industry');
      expect(meta.stockInformation).toEqual([]);
      const mentioned = (meta.mentionedCompanies ?? []).map((c) => c.ticker ?? '');
      expect(canonical(mentioned).sort()).toEqual(canonical(label.tickers).sort());
    },
    120_000,
  );

  it('keeps the company of a company note, and its sector view apart from its rating', async () => {
    const adobe = await read('en_morganstanley_adobe_company.pdf');
    expect(adobe.mentionedCompanies).toBeUndefined();
    expect(adobe.stockInformation[0]).toMatchObject({ rating: 'Underweight' });
    expect(adobe.industryRating).toMatchObject({ rating: 'Attractive', step: 'outperform' });
    for (const label of labels.filter((l) => l.reportType === 'company').slice(0, 6)) {
      const meta = await read(label.file);
      expect(meta.mentionedCompanies, label.file).toBeUndefined();
      expect(meta.stockInformation.length, label.file).toBeGreaterThan(0);
    }
  }, 300_000);
});
