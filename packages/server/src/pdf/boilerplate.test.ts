import { afterAll, describe, expect, it } from 'vitest';
import {
  contentPages,
  isBoilerplateBlock,
  isBoilerplateSentence,
  readPages,
  runningLineKeys,
} from './boilerplate.js';
import { corpusFiles } from '../../test/pdf/test-corpus.js';
import { openCorpusReadings } from '../../test/pdf/corpus-readings.js';

const corpus = openCorpusReadings();
afterAll(() => corpus.close());

const THESIS =
  'We raise our target price to HK$690 as cloud revenue grew 26% in the quarter and advertising\n' +
  'margins widened on AI-driven targeting; we keep our Overweight rating on the stock.';
const DISCLAIMER =
  'This report is provided for information purposes only and does not constitute an offer or\n' +
  'solicitation to buy or sell any security. Past performance is not a reliable indicator of future\n' +
  'results. No part of this report may be reproduced or redistributed without the prior written\n' +
  'consent of the firm.';
const ZH_DISCLAIMER =
  '本报告仅供本公司的客户使用。本公司不会因接收人收到本报告而视其为客户。在任何情况下，本报告中的信息或所表述的意见\n' +
  '并不构成对任何人的投资建议。在任何情况下，本公司不对任何人因使用本报告中的任何内容所引致的任何损失负任何责任。';
const ZH_THESIS =
  '公司拟投资建设年产4000万千米金刚线项目，顺应下游硅片扩产需求，强化光伏硅片切割三元布局，\n' +
  '预计公司2022-2024年归母净利润4.7、7.2、9.3亿元，维持“增持”评级。';

describe('boilerplate blocks', () => {
  it('recognises legal notices in either language and leaves the argument alone', () => {
    expect(isBoilerplateBlock(DISCLAIMER)).toBe(true);
    expect(isBoilerplateBlock(ZH_DISCLAIMER)).toBe(true);
    expect(isBoilerplateBlock(THESIS)).toBe(false);
    expect(isBoilerplateBlock(ZH_THESIS)).toBe(false);
    // Headings that open a disclosure section, alone or before their text.
    expect(isBoilerplateBlock('Important Disclosures')).toBe(true);
    expect(isBoilerplateBlock('I. REQUIRED DISCLOSURES')).toBe(true);
    expect(
      isBoilerplateBlock('Analyst Certification: The research analyst(s) named on the cover certify'),
    ).toBe(true);
    expect(isBoilerplateBlock('法律声明')).toBe(true);
    // A word of the argument that legal text also uses is no notice.
    expect(
      isBoilerplateBlock('Disclosures of new capacity by peers point to a tighter market next year.'),
    ).toBe(false);
    expect(isBoilerplateSentence('Past performance is not a reliable indicator of future results.')).toBe(
      true,
    );
    expect(isBoilerplateSentence('Cloud revenue grew 26% in the quarter, ahead of our estimate.')).toBe(
      false,
    );
  });

  it('finds running headers and footers: lines repeated at the top or bottom of many pages', () => {
    const pages = Array.from({ length: 6 }, (_, i) =>
      [
        'Tencent (0700) | Asia Pacific Equity Research',
        `Body text of page ${i + 1} about games and cloud. ${'More words here. '.repeat(3)}`,
        i === 2 ? 'A line printed once at the bottom' : 'Another body line with other words in it.',
        `Page ${i + 1} of 6 — please see the analyst certification on the last page`,
      ].join('\n'),
    );
    const keys = runningLineKeys(pages);
    expect(keys).toContain('tencent (#) | asia pacific equity research');
    expect(keys).toContain('page # of # — please see the analyst certification on the last page');
    expect([...keys].some((k) => k.includes('printed once'))).toBe(false);
    const reading = readPages(pages);
    for (const page of reading) {
      expect(page.blocks.filter((b) => b.running).map((b) => b.text.split(' ')[0])).toEqual([
        'Tencent',
        'Page',
      ]);
      expect(page.blocks.some((b) => !b.boilerplate && b.text.includes('Body text'))).toBe(true);
    }
  });

  it('cuts a legal footer printed right under the text off the paragraph', () => {
    const paragraph = `${THESIS}\n${THESIS.replace('690', '700')}\n${DISCLAIMER}`;
    const [page] = readPages([paragraph, 'Second page with its own words.']);
    expect(page!.blocks.map((b) => b.boilerplate)).toEqual([false, true]);
    expect(page!.blocks[0]!.text).toContain('Overweight');
    expect(page!.blocks[1]!.text).toMatch(/^This report is provided/);
  });

  it('reads the disclosure appendix from its heading to the end of the report', () => {
    const pages = [
      `${THESIS}\n\n${THESIS}`,
      `Valuation\n\n${THESIS}`,
      `Our target price is based on 21x 2026E P/E.\n\nAnalyst Certification\n\n${DISCLAIMER}`,
      'Companies mentioned: Tencent (0700.HK), NetEase (NTES US), Kuaishou (1024.HK)',
      DISCLAIMER,
    ];
    const reading = readPages(pages);
    expect(reading.map((r) => r.disclosure)).toEqual([false, false, false, true, true]);
    // The page where it starts keeps what comes before the heading.
    expect(reading[2]!.blocks.map((b) => b.boilerplate)).toEqual([false, true, true]);
    const content = contentPages(pages);
    expect(content[2]).toBe('Our target price is based on 21x 2026E P/E.');
    expect(content[3]).toBe('');
    expect(content[0]).toContain('Overweight');
  });

  it('never reads a first page as a disclosure page, nor a legal heading on it as the appendix', () => {
    const pages = [
      `Disclosures & Disclaimer\n\n${DISCLAIMER}\n\n${THESIS}`,
      'Cloud revenue grew on new AI features.',
      'Games revenue grew on new titles.',
      'Advertising revenue grew on better targeting.',
    ];
    const reading = readPages(pages);
    expect(reading.map((r) => r.disclosure)).toEqual([false, false, false, false]);
    expect(reading[0]!.blocks.map((b) => b.boilerplate)).toEqual([true, true, false]);
  });
});

/** Held-out notes (test-corpus.ts) this reading still misses; a note read right comes off the list. */
const KNOWN_MISSES = new Set(['cn_mszq_shijixinxi_company.pdf', 'en_morganstanley_broadcom_credit.pdf']);

describe('boilerplate in real reports', () => {
  const notes = corpusFiles('research');

  it.each(notes.filter((file) => !KNOWN_MISSES.has(file)))(
    '%s: the cover is the report, the disclosures at its back are not',
    (file) => expectCoverFirstDisclosuresLast(file),
  );
  it.fails.each([...KNOWN_MISSES])('%s (held out): still misread', (file) =>
    expectCoverFirstDisclosuresLast(file),
  );

  async function expectCoverFirstDisclosuresLast(file: string) {
    const pdf = await corpus.read('research', file, { maxPages: 100 });
    const reading = readPages(pdf.pages);
    expect(reading[0]!.disclosure).toBe(false);
    expect(reading[0]!.blocks.some((b) => !b.boilerplate)).toBe(true);
    expect(reading.at(-1)!.disclosure).toBe(true);
    // The report's own pages come first: no content page after the appendix began.
    const first = reading.findIndex((r) => r.disclosure);
    expect(first).toBeGreaterThan(0);
    const content = contentPages(pdf.pages).join('\n');
    expect(content).not.toMatch(
      /analyst certification:|required disclosures|本报告仅供|法律声明|免责条款|分析师声明|independence of its|authori[sz]ed and regulated/i,
    );
  }

  it.each(['fb_ADOBE_2016_10K.pdf', 'fb_MICROSOFT_2023_10K.pdf', 'fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf'])(
    '%s: a filing keeps its argument; only legal pages and its back matter are disclosure',
    async (file) => {
      const pdf = await corpus.read('reports', file, { maxPages: 500 });
      const reading = readPages(pdf.pages);
      // Signatures, exhibit indexes and certifications close a 10-K; before them, a safe-harbour
      // page at most.
      const early = reading.slice(0, Math.floor(pdf.pages.length * 0.85)).filter((r) => r.disclosure);
      expect(early.length).toBeLessThanOrEqual(1);
      const content = contentPages(pdf.pages).join('\n');
      expect(content.length).toBeGreaterThan(pdf.pages.join('\n').length * 0.8);
      expect(content).not.toMatch(/Private Securities Litigation Reform Act/);
    },
  );
});
