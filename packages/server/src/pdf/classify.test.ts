import { afterAll, describe, expect, it } from 'vitest';
import { contentPages } from './boilerplate.js';
import { classifyAssetClass, classifyCountry, type Sample } from './classify.js';
import { identifyDocument } from './identify-document.js';
import { readResearchManifest } from '../../test/pdf/test-corpus.js';
import { openCorpusReadings } from '../../test/pdf/corpus-readings.js';

const corpus = openCorpusReadings();
afterAll(() => corpus.close());

const MACRO =
  'GDP growth slowed in the second quarter as the economy lost momentum; inflation eased and unemployment rose. ' +
  'The output gap widened and wages grew more slowly, so monetary policy may ease again.';
const RATES =
  'Treasury yields fell 20 basis points and the yield curve steepened; we expect rate cuts and more duration demand. ' +
  'Term premia compressed as policy rates are seen lower and government bonds rallied.';
const CREDIT =
  'Credit spreads widened on heavy issuance of corporate bonds; high-yield spreads and default rates rose, ' +
  'while investment-grade spreads stayed near their tights despite downgrades.';

const sample = (text: string, title = 'Weekly note'): Sample => ({ title, text });

/** The sample inferMetadata classifies: the opening pages of the report's own text. */
const contentSample = (pages: string[], title: string): Sample => ({
  title,
  text: contentPages(pages).slice(0, 8).join('\n').slice(0, 40_000),
});

describe('asset class with the report type', () => {
  it('reads a macro note as Economics unless rates or currencies are what it discusses', () => {
    expect(classifyAssetClass(sample(MACRO), 'broker_note', 'macro')).toBe('Economics');
    expect(classifyAssetClass(sample(`${MACRO} ${RATES} ${RATES} ${RATES}`), 'broker_note', 'macro')).toBe(
      'Rates',
    );
    // Without the type, a broker note is taken for a company note, as before.
    expect(classifyAssetClass(sample(MACRO), 'broker_note')).toBe('Equities');
  });

  it('reads a fixed-income note as Credit or Rates by its text', () => {
    expect(classifyAssetClass(sample(CREDIT), 'broker_note', 'fixed_income')).toBe('Credit');
    expect(classifyAssetClass(sample(RATES), 'broker_note', 'fixed_income')).toBe('Rates');
  });

  it('reads company and industry notes and filings as Equities, strategy notes by their text', () => {
    expect(classifyAssetClass(sample(MACRO), 'other', 'company')).toBe('Equities');
    expect(classifyAssetClass(sample(CREDIT), 'other', 'industry')).toBe('Equities');
    expect(classifyAssetClass(sample(MACRO), 'sec_filing', 'macro')).toBe('Equities');
    expect(classifyAssetClass(sample(RATES), 'broker_note', 'strategy')).toBe('Rates');
  });

  it("reads no economics into a company's fiscal year or a stock's economic moat", () => {
    const text =
      'Nvidia has a wide economic moat. Revenue for fiscal 2026 rose, and we raise our fair value estimate; ' +
      'the shares trade below our fair value estimate.';
    expect(classifyAssetClass(sample(text, 'Nvidia: raising our estimate'), 'other')).toBe('Equities');
  });
});

describe('asset class of real reports', () => {
  const expected: Record<string, readonly string[]> = {
    company: ['Equities'],
    industry: ['Equities'],
    strategy: ['Equities'],
    macro: ['Economics'],
    fixed_income: ['Credit', 'Rates'],
  };

  it.each(readResearchManifest().map((l) => [l.file, l] as const))(
    '%s, a note of its type, is classified as such',
    async (file, labels) => {
      const pdf = await corpus.read('research', file, { maxPages: 100 });
      const kind = identifyDocument(pdf.pages).kind;
      const type = labels.reportType as 'company' | 'industry' | 'strategy' | 'macro' | 'fixed_income';
      expect(expected[type]).toContain(
        classifyAssetClass(contentSample(pdf.pages, labels.title), kind, type),
      );
    },
  );

  it.each([
    ['fed_monetary_policy_report_excerpt.pdf', 'Monetary Policy Report', ['Economics', 'Rates']],
    ['imf_gfsr_oct2025_ch1.pdf', 'Global Financial Stability Report, October 2025', ['Economics', 'Rates']],
    ['fb_ADOBE_2016_10K.pdf', 'Adobe Systems Incorporated Form 10-K', ['Equities']],
    ['fb_COSTCO_2023Q3_EARNINGS.pdf', 'Costco Wholesale Corporation earnings release', ['Equities']],
  ] as const)('%s is read as %s', async (file, title, classes) => {
    const pdf = await corpus.read('reports', file, { maxPages: 500 });
    const kind = identifyDocument(pdf.pages).kind;
    expect(classes).toContain(classifyAssetClass(contentSample(pdf.pages, title), kind));
  });
});

describe('country of a company note', () => {
  it('is where the stock is listed, as the cover prints its ticker', () => {
    const cover = (ticker: string) =>
      sample(
        `Buy | Price target TWD3,350\n${ticker}\nUS hyperscalers keep raising capex; US demand stays strong in the US.`,
      );
    expect(classifyCountry(cover('TSMC (2330 TT)'), 'other', 'en', 'company')).toBe('Other countries');
    expect(classifyCountry(cover('Tencent (0700.HK)'), 'other', 'en', 'company')).toBe('China');
    expect(classifyCountry(cover('Toyota (7203 JP)'), 'other', 'en', 'company')).toBe('Japan');
    // Not a company note: the places its prose names.
    expect(classifyCountry(cover('TSMC (2330 TT)'), 'other', 'en', 'strategy')).toBe('U.S.');
  });

  it.each([
    ['en_hsbc_tsmc_company.pdf', 'Other countries'],
    ['en_ubs_skhynix_company.pdf', 'Other countries'],
    ['en_jpmorgan_tencent_company.pdf', 'China'],
    ['en_argus_unitedhealth_company.pdf', 'U.S.'],
  ] as const)('%s: %s', async (file, country) => {
    const labels = readResearchManifest().find((l) => l.file === file)!;
    const pdf = await corpus.read('research', file, { maxPages: 100 });
    const kind = identifyDocument(pdf.pages).kind;
    expect(classifyCountry(contentSample(pdf.pages, labels.title), kind, 'en', 'company')).toBe(country);
  });
});

describe('country of a company note whose listing only a header states', () => {
  it('reads the exchange the first page names, even where the header is not the note’s text', () => {
    const sample = {
      title: 'Zentra: raising fair value',
      text: 'Demand in China recovered; China sales rose. China remains a risk.',
      cover: 'Equity Analyst Report | Exchange: NASDAQ - ALL MARKETS\nZentra Corp ZNTR',
    };
    expect(classifyCountry(sample, 'broker_note', 'en', 'company')).toBe('U.S.');
    expect(classifyCountry({ ...sample, cover: undefined }, 'broker_note', 'en', 'company')).toBe('China');
  });
});
