import type { FactSource } from '@rl/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCorpusReadings, type CorpusReadings } from '../../test/pdf/corpus-readings.js';
import { storableText } from '../ingest/storable-text.js';
import { findDates } from './dates.js';
import { inferMetadata, type InferredMeta } from './infer-metadata.js';

/*
 * Where each fact of a real broker note was printed (research/, labels in MANIFEST.tsv): every
 * source names a line its page prints, and that line prints the fact; a few are checked by page
 * and words against the PDF as read by eye.
 */

const NOTES = [
  'en_jpmorgan_tencent_company.pdf',
  'en_hsbc_tsmc_company.pdf',
  'en_morganstanley_adobe_company.pdf',
  'cn_gfzq_glodon_company.pdf',
  'cn_htsc_qianweiyangchu_company.pdf',
] as const;

let corpus: CorpusReadings;
const read = new Map<string, { pages: string[]; meta: InferredMeta }>();

beforeAll(async () => {
  corpus = openCorpusReadings();
  for (const file of NOTES) {
    // Stored as ingestion stores it: the page numbers of a source are those of the stored pages.
    const pdf = storableText(await corpus.read('research', file));
    read.set(file, { pages: pdf.pages, meta: inferMetadata(pdf, 'document.pdf', { today: '2026-12-01' }) });
  }
}, 600_000);

afterAll(() => corpus.close());

const folded = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** The source's line is on its page, as stored (spacing aside). */
function onItsPage(pages: readonly string[], source: FactSource | undefined): void {
  expect(source).toBeDefined();
  const page = pages[(source?.page ?? 0) - 1] ?? '';
  const line = (source?.text ?? '').replace(/…$/, '');
  expect(folded(page)).toContain(folded(line).slice(0, 60));
}

function note(file: (typeof NOTES)[number]) {
  const found = read.get(file);
  if (!found) throw new Error(`${file} was not read`);
  const stock = found.meta.stockInformation[0];
  return { ...found, stock, sources: found.meta.sources ?? {}, stockSources: stock?.sources ?? {} };
}

describe('fact sources on real notes', () => {
  it.each(NOTES)('%s: every source is a line of its page that prints its fact', (file) => {
    const { pages, meta, stock, sources, stockSources } = note(file);
    for (const source of [...Object.values(sources), ...Object.values(stockSources)])
      onItsPage(pages, source);
    if (sources.document_title)
      expect(folded(meta.title)).toContain(folded(sources.document_title.text).slice(0, 8));
    if (sources.publish_date && meta.publishDate)
      expect(findDates(sources.publish_date.text).map((d) => d.iso)).toContain(meta.publishDate);
    if (sources.author) expect(folded(sources.author.text)).toContain(folded(meta.authors[0] ?? ''));
    if (sources.issuer) expect(folded(sources.issuer.text)).toContain(folded(meta.issuer));
    if (stock?.rating) expect(folded(stockSources.rating?.text ?? '')).toContain(folded(stock.rating));
    if (stock?.target_price)
      expect(folded(stockSources.target_price?.text ?? '')).toContain(folded(stock.target_price));
    if (stock?.printed_ticker)
      expect(folded(stockSources.ticker?.text ?? '')).toContain(
        folded(stock.printed_ticker.split(', ')[0] ?? ''),
      );
  });

  it('J.P. Morgan on Tencent: the rating box, the target and the title of page 1', () => {
    const { stock, sources, stockSources } = note('en_jpmorgan_tencent_company.pdf');
    expect(stock?.rating).toBe('Overweight');
    expect(stockSources.rating).toMatchObject({ page: 1 });
    expect(stockSources.rating?.unsure).toBeUndefined();
    expect(stockSources.target_price?.page).toBe(1);
    expect(stockSources.target_price?.text).toMatch(/690/);
    expect(stockSources.currency?.text).toMatch(/HK\$|HKD/);
    expect(sources.document_title).toMatchObject({ page: 1 });
    expect(sources.document_title?.text).toMatch(/Still in the AI race/);
    expect(sources.publish_date?.page).toBe(1);
  });

  it('广发证券 on 广联达: 买入 and 合理价值 from the cover box, the analysts from page 1', () => {
    const { stock, sources, stockSources } = note('cn_gfzq_glodon_company.pdf');
    expect(stock?.rating).toBe('买入');
    expect(stockSources.rating?.page).toBe(1);
    expect(stockSources.rating?.text).toMatch(/买入/);
    expect(stockSources.target_price?.text).toMatch(/47\.91/);
    expect(stockSources.rating_action?.text).toMatch(/维持/);
    expect(sources.author?.page).toBe(1);
  });

  it('Morgan Stanley on Adobe: the target of the "From To" table cell, the previous one with it', () => {
    const { stock, stockSources } = note('en_morganstanley_adobe_company.pdf');
    expect(stock?.target_price_value).toBe(240);
    expect(stock?.previous_target_price).toBe(365);
    expect(stockSources.target_price?.text).toMatch(/240/);
    expect(stockSources.previous_target_price?.text).toMatch(/365/);
  });
});
