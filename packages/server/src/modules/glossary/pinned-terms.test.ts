import { describe, expect, it } from 'vitest';
import { loadBuiltinGlossary, type GlossaryEntry } from './builtin-glossary.js';
import { createTermMatcher, pinnedTerms, pinnedTermsInstruction } from './pinned-terms.js';

const builtin = loadBuiltinGlossary();
const sources = (text: string | string[], from: 'zh' | 'en', entries = builtin) =>
  pinnedTerms(text, from, entries).map((t) => t.source);

describe('pinnedTerms from Chinese', () => {
  it('finds the forms in simplified text, with their preferred English form', () => {
    const terms = pinnedTerms('公司签订了利率互换合约，以对冲利率风险。', 'zh', builtin);
    expect(terms).toContainEqual({ source: '利率互换', target: 'interest rate swap' });
    expect(terms).toContainEqual({ source: '利率风险', target: 'interest rate risk' });
    expect(terms.map((t) => t.source)).not.toContain('利率');
  });

  it('finds them in traditional text, quoting the text as written', () => {
    expect(pinnedTerms('簽訂了利率互換合約', 'zh', builtin)).toEqual([
      { source: '利率互換', target: 'interest rate swap' },
    ]);
  });

  it('does not cut a number or a Latin word with a form that starts or ends in one', () => {
    expect(sources('今年A股上涨，沪深300指数创新高', 'zh')).toEqual(
      expect.arrayContaining(['A股', '沪深300']),
    );
    expect(sources('DATA股份；沪深3000', 'zh')).not.toEqual(expect.arrayContaining(['A股']));
    expect(sources('沪深3000', 'zh')).not.toContain('沪深300');
  });
});

describe('pinnedTerms from English', () => {
  it('matches whatever the case, on word boundaries only', () => {
    expect(pinnedTerms('Rates again.', 'en', builtin)).toEqual([{ source: 'Rates', target: '利率' }]);
    expect(pinnedTerms('The pirates sailed; the separates stayed.', 'en', builtin)).toEqual([]);
    expect(sources('INTEREST RATE SWAPS widened', 'en')).toEqual(['INTEREST RATE SWAPS']);
  });

  it('matches acronyms in capitals only: "us" and "it" are words', () => {
    expect(sources('Tell us what it is.', 'en')).toEqual([]);
    expect(sources('US demand for IT spending', 'en')).toEqual(expect.arrayContaining(['US', 'IT']));
  });

  it('matches a form in either number: exchange rate, exchange rates', () => {
    expect(pinnedTerms('The exchange rate fell.', 'en', builtin)).toContainEqual({
      source: 'exchange rate',
      target: '汇率',
    });
    expect(pinnedTerms('Exchange rates fell.', 'en', builtin)).toContainEqual({
      source: 'Exchange rates',
      target: '汇率',
    });
    const entries: GlossaryEntry[] = [{ zh: ['公司'], en: ['company'], domain: 'markets' }];
    expect(sources('Listed companies and the company’s peers', 'en', entries)).toEqual(['companies']);
  });

  it('prefers the longest form: interest rate swap, not interest rate', () => {
    expect(pinnedTerms('An interest rate swap, again.', 'en', builtin)).toEqual([
      { source: 'interest rate swap', target: '利率互换' },
    ]);
  });

  it('joins the words of a form by spaces or hyphens only, never across texts or punctuation', () => {
    expect(sources('the risk-free rate', 'en')).toEqual(['risk-free rate']);
    expect(sources('risk-free. Rate', 'en')).not.toContain('risk-free. Rate');
    expect(sources(['the interest rate', 'swap desk'], 'en')).not.toContain('interest rate swap');
    expect(sources(['the interest rate', 'swap desk'], 'en')).toContain('interest rate');
  });
});

describe('pinnedTerms', () => {
  it('gives one pair per concept, the most specific first, at most `limit`', () => {
    const text = 'Rates, interest rate swaps, the risk-free rate, and interest rates again.';
    expect(pinnedTerms(text, 'en', builtin)).toEqual([
      { source: 'interest rate swaps', target: '利率互换' },
      // As long as the next; the concept (first met as "Rates") was met first.
      { source: 'interest rates', target: '利率' },
      { source: 'risk-free rate', target: '无风险利率' },
    ]);
    expect(pinnedTerms(text, 'en', builtin, 2).map((t) => t.target)).toEqual(['利率互换', '利率']);
  });

  it('is empty when no form occurs', () => {
    expect(pinnedTerms('Nothing to see here.', 'en', builtin)).toEqual([]);
    expect(pinnedTerms('今天天气很好', 'zh', builtin)).toEqual([]);
  });

  it('uses the entries it is given, not only the built-in ones', () => {
    const custom: GlossaryEntry[] = [
      { zh: ['北向资金', '北上资金'], en: ['northbound flows', 'northbound money'], domain: 'markets' },
    ];
    expect(pinnedTerms('Northbound money and interest rate swaps', 'en', custom)).toEqual([
      { source: 'Northbound money', target: '北向资金' },
    ]);
    expect(pinnedTerms('北上资金流入', 'zh', custom)).toEqual([
      { source: '北上资金', target: 'northbound flows' },
    ]);
  });

  it('builds the lookup once per entries array', () => {
    const custom: GlossaryEntry[] = [{ zh: ['甲'], en: ['alpha'], domain: 'markets' }];
    expect(createTermMatcher(custom)).toBe(createTermMatcher(custom));
    expect(createTermMatcher([...custom])).not.toBe(createTermMatcher(custom));
  });

  it('reads 12,000 characters against the built-in glossary in well under 5 ms', () => {
    const en = 'The central bank cut the benchmark rate; interest rate swaps and credit spreads moved. ';
    const zh = '央行下调基准利率，利率互换与信用利差随之变动，A股市场成交额回升。';
    const cases: [string, 'en' | 'zh'][] = [
      [en.repeat(Math.ceil(12_000 / en.length)).slice(0, 12_000), 'en'],
      [zh.repeat(Math.ceil(12_000 / zh.length)).slice(0, 12_000), 'zh'],
    ];
    for (const [text, from] of cases) {
      // Steady state, as in a server that has translated a few batches: JIT warm-up is not measured.
      for (let i = 0; i < 50; i++) pinnedTerms(text, from, builtin);
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t0 = performance.now();
        pinnedTerms(text, from, builtin);
        times.push(performance.now() - t0);
      }
      const median = times.sort((a, b) => a - b)[7]!;
      expect(median, from).toBeLessThan(5);
    }
  });
});

describe('pinnedTermsInstruction', () => {
  it('lists the pairs one a line, naming the target language', () => {
    const text = pinnedTermsInstruction([{ source: '利率互换', target: 'interest rate swap' }], 'en');
    expect(text).toContain('English');
    expect(text.split('\n')).toContain('利率互换 → interest rate swap');
  });

  it('is empty without terms', () => {
    expect(pinnedTermsInstruction([], 'zh')).toBe('');
  });
});
