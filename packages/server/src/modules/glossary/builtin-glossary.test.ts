import { describe, expect, it } from 'vitest';
import {
  GLOSSARY_DOMAINS,
  loadBuiltinGlossary,
  parseGlossaryTsv,
  type GlossaryEntry,
} from './builtin-glossary.js';

const glossary = loadBuiltinGlossary();

function entryOf(zh: string): GlossaryEntry | undefined {
  return glossary.find((e) => e.zh.includes(zh));
}

describe('built-in glossary', () => {
  it('parses into at least 1,600 entries, every domain used', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(1600);
    const used = new Set(glossary.map((e) => e.domain));
    for (const domain of GLOSSARY_DOMAINS) expect(used.has(domain), domain).toBe(true);
  });

  it('gives each Chinese form once, in Chinese characters', () => {
    const seen = new Set<string>();
    for (const entry of glossary) {
      for (const zh of entry.zh) {
        expect(seen.has(zh), zh).toBe(false);
        seen.add(zh);
        // A Latin-only form (an acronym) would map English onto English: it belongs in the en column.
        expect(/[\u3400-\u9fff]/.test(zh), zh).toBe(true);
      }
    }
  });

  it('has no duplicate lines', () => {
    const lines = glossary.map((e) => `${e.zh.join('|')}\t${e.en.join('|')}`);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('maps the spot-checked terms', () => {
    expect(entryOf('通胀')?.en[0]).toBe('inflation');
    expect(entryOf('通货膨胀')).toBe(entryOf('通胀'));
    expect(entryOf('半导体')?.en[0]).toBe('semiconductors');
    expect(entryOf('利率互换')?.en).toContain('interest rate swap');
    expect(glossary.find((e) => e.en.includes('interest rate swap'))?.zh).toContain('利率互换');
    expect(entryOf('国产替代')?.en).toContain('import substitution');
    expect(glossary.find((e) => e.en.includes('import substitution'))?.zh).toContain('国产替代');
    expect(entryOf('降准')?.en).toContain('rrr cut');
    expect(entryOf('首次覆盖')?.domain).toBe('ratings');
    expect(entryOf('国内生产总值')?.en).toEqual(expect.arrayContaining(['gdp', 'gross domestic product']));
  });
});

describe('parseGlossaryTsv', () => {
  const header = 'zh\ten\tdomain';

  it('trims forms and drops blank lines', () => {
    const text = `\uFEFF${header}\r\n\n 通胀 | 通货膨胀 \t inflation \tmacro\r\n\n`;
    expect(parseGlossaryTsv(text)).toEqual([
      { zh: ['通胀', '通货膨胀'], en: ['inflation'], domain: 'macro' },
    ]);
  });

  it('rejects a wrong header', () => {
    expect(() => parseGlossaryTsv('zh\ten\n通胀\tinflation\tmacro')).toThrow(/line 1\b/);
  });

  it('rejects an unknown domain, naming the line', () => {
    expect(() => parseGlossaryTsv(`${header}\n通胀\tinflation\tmacro\n股票\tstocks\tequity`)).toThrow(
      /line 3: unknown domain "equity"/,
    );
  });

  it('rejects a missing column, naming the line', () => {
    expect(() => parseGlossaryTsv(`${header}\n\n通胀\tinflation`)).toThrow(/line 3: expected 3/);
  });

  it('rejects an empty form, naming the line', () => {
    expect(() => parseGlossaryTsv(`${header}\n通胀||通货膨胀\tinflation\tmacro`)).toThrow(
      /line 2: empty zh form/,
    );
  });

  it('rejects a Chinese form given twice, naming both lines', () => {
    const text = `${header}\n通胀|通货膨胀\tinflation\tmacro\n通缩\tdeflation\tmacro\n通胀\tprice rises\tmacro`;
    expect(() => parseGlossaryTsv(text)).toThrow(/line 4: Chinese form "通胀" already given on line 2/);
  });
});
