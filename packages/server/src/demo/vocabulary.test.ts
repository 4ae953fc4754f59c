import { ASSET_CLASSES, COUNTRIES, REPORT_LANGUAGES } from '@rl/contract';
import { describe, expect, it } from 'vitest';
import { loadCjkFaces } from '../pdf/cjk-font.js';
import { demoCompany, SECTOR_NAMES, SECTORS } from './companies.js';
import { FigureBook } from './figures.js';
import { fillTemplate, type TemplateContext } from './fill-template.js';
import { DEMO_ISSUERS } from './issuers.js';
import { languagePack, topicsFor } from './language-pack.js';
import { marketWords } from './markets.js';
import { createRandom } from './random.js';
import { TABLE_LABELS_EN, TABLE_LABELS_ZH } from './table-labels.js';
import { templatesOf } from './templates.js';
import type { LanguagePack } from './vocabulary.js';

function contextFor(pack: LanguagePack): TemplateContext {
  return {
    language: pack.language,
    market: marketWords(pack.language, 'Japan', 0),
    issuer: 'Issuer',
    co: 'Company',
    peer: 'Peer',
    rating: pack.stock.ratings[0],
    tp: '100',
    upside: '+10%',
    year: 2024,
    keywords: pack.topics[0]?.keywords ?? [],
    figures: new FigureBook('Japan', createRandom(2)),
  };
}

describe('vocabulary', () => {
  it.each(REPORT_LANGUAGES)('fills every %s template without unknown placeholders', (language) => {
    const pack = languagePack(language);
    const random = createRandom(1);
    for (const template of templatesOf(pack)) {
      expect(fillTemplate(template, contextFor(pack), random)).not.toMatch(/[{}]/);
    }
  });

  it.each(REPORT_LANGUAGES)(
    'has %s topics and report types for every asset class and country',
    (language) => {
      const pack = languagePack(language);
      for (const assetClass of ASSET_CLASSES) {
        expect(pack.assetClasses[assetClass].reportTypes.length).toBeGreaterThan(0);
        for (const country of COUNTRIES)
          expect(topicsFor(pack, assetClass, country).length).toBeGreaterThan(0);
      }
      expect(
        pack.topics.filter((topic) => topic.assetClass === 'Equities').every((topic) => topic.sector),
      ).toBe(true);
      const typeNames = [
        ...Object.values(pack.assetClasses).flatMap((p) => p.reportTypes),
        ...pack.stock.reportTypes,
      ];
      // The cover's `type | asset class | country` line must split cleanly.
      expect(typeNames.filter((type) => type.name.includes('|'))).toEqual([]);
    },
  );

  it('keeps English text within printable ASCII, which the standard Helvetica font can draw', () => {
    const english = [
      ...templatesOf(languagePack('en')),
      ...Object.values(TABLE_LABELS_EN).flatMap((labels) => JSON.stringify(labels)),
      ...DEMO_ISSUERS.filter((issuer) => issuer.language === 'en').flatMap((issuer) => [
        issuer.name,
        ...issuer.analysts,
      ]),
      ...COUNTRIES.flatMap((country) => Object.values(marketWords('en', country, 0))),
      ...COUNTRIES.flatMap((country) => SECTORS.map((sector) => demoCompany(country, sector, 0, 'en').name)),
      ...Object.values(SECTOR_NAMES).map((names) => languagePack('en').labels.sectorLine(names.en)),
    ];
    expect(english.filter((text) => !/^[\x20-\x7e]*$/.test(text))).toEqual([]);
  });

  it('uses only characters that Noto Sans SC has glyphs for in Chinese text', async () => {
    const { regular, bold } = await loadCjkFaces();
    const chinese = [
      ...templatesOf(languagePack('zh')),
      JSON.stringify(TABLE_LABELS_ZH),
      ...DEMO_ISSUERS.filter((issuer) => issuer.language === 'zh').flatMap((issuer) => [
        issuer.name,
        ...issuer.analysts,
      ]),
      ...COUNTRIES.flatMap((country) =>
        [0, 1].flatMap((key) => Object.values(marketWords('zh', country, key))),
      ),
      ...COUNTRIES.flatMap((country) => SECTORS.map((sector) => demoCompany(country, sector, 0, 'zh').name)),
      ...Object.values(SECTOR_NAMES).map((names) => languagePack('zh').labels.sectorLine(names.zh)),
    ].join('');
    const missing = [...new Set(chinese)].filter(
      (char) =>
        regular.font.glyphForCodePoint(char.codePointAt(0) ?? 0).id === 0 ||
        bold.font.glyphForCodePoint(char.codePointAt(0) ?? 0).id === 0,
    );
    expect(missing).toEqual([]);
  });
});
