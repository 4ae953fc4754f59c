import { afterAll, describe, expect, it } from 'vitest';
import { contentPages } from './boilerplate.js';
import { openCorpusReadings } from '../../test/pdf/corpus-readings.js';
import { asTag, topicTags } from './topics.js';

const corpus = openCorpusReadings();
afterAll(() => corpus.close());

describe('topic tags', () => {
  it("reads no fiscal policy into a company's fiscal year, nor transport into a delivery", () => {
    const text = [
      'Revenue for fiscal 2016 grew as customers adopted the cloud offering; fiscal 2017 guidance was raised.',
      'Capital expenditures for fiscal 2016 rose, and the digital delivery of our software reached more customers.',
      'Shipping and handling costs fell in fiscal 2016 while revenue from the cloud offering grew again.',
    ].join('\n');
    const tags = topicTags({ title: 'Annual report', text }, 'en', 8);
    expect(tags).not.toContain('Fiscal policy');
    expect(tags).not.toContain('Transportation');
    const macro = [
      'Fiscal policy turns expansionary as the budget deficit widens and government spending rises further.',
      'The fiscal stimulus adds to growth, while the government debt ratio keeps rising over the next years.',
      'Public spending and tax cuts add to the fiscal deficit, which the central bank watches closely now.',
    ].join('\n');
    expect(topicTags({ title: 'Macro outlook', text: macro }, 'en', 8)).toContain('Fiscal policy');
  });

  it('counts the title and the prose, never table rows', () => {
    const prose =
      'Airline passengers rose again this quarter as freight volumes recovered across the network.';
    const rows = ['Fuel 1,234 1,456 1,678', 'Energy 2,345 2,456 2,567', 'Oil and gas 345 456 567'].join('\n');
    const tags = topicTags(
      { title: 'Quarterly traffic update', text: [prose, rows, rows, rows].join('\n') },
      'en',
      8,
    );
    expect(tags).toContain('Transportation');
    expect(tags).not.toContain('Energy');
  });

  it('writes keywords as tags the way topics are written, so a tag has one case', () => {
    expect(asTag('inflation')).toBe('Inflation');
    expect(asTag('Inflation')).toBe('Inflation');
    expect(asTag('creative cloud')).toBe('Creative cloud');
    expect(asTag('GDP')).toBe('GDP');
    expect(asTag('金刚线')).toBe('金刚线');
  });

  it.each([
    ['fb_COSTCO_2023Q3_EARNINGS.pdf', 'Costco Wholesale Corporation Reports Third Quarter Operating Results'],
    ['fb_ADOBE_2016_10K.pdf', 'Adobe Systems Incorporated Annual Report 2016'],
  ])('%s: tags of what the filing is about', async (file, title) => {
    const pdf = await corpus.read('reports', file, { maxPages: 500 });
    const text = contentPages(pdf.pages).slice(0, 8).join('\n').slice(0, 40_000);
    const tags = topicTags({ title, text }, 'en', 8);
    expect(tags).toContain('Earnings');
    expect(tags).not.toContain('Fiscal policy');
    expect(tags).not.toContain('Transportation');
  });

  it('tags the Fed report with its subjects', async () => {
    const pdf = await corpus.read('reports', 'fed_monetary_policy_report_excerpt.pdf', { maxPages: 100 });
    const text = contentPages(pdf.pages).slice(0, 8).join('\n').slice(0, 40_000);
    expect(topicTags({ title: 'Monetary Policy Report', text }, 'en', 8)).toEqual(
      expect.arrayContaining(['Inflation', 'Monetary policy', 'Labor market']),
    );
  });
});
