import type { LanguagePack } from './vocabulary.js';

/** The sentence templates of a language pack: what a report's paragraphs and key points are filled from. */
export function sentenceTemplatesOf(pack: LanguagePack): string[] {
  const phrases = Object.values(pack.assetClasses);
  const { stock } = pack;
  return [
    ...pack.topics.flatMap((topic) => topic.sentences),
    ...phrases.flatMap((p) => [...p.sentences, ...p.thesis, ...p.valuation, ...p.risks]),
    ...Object.values(stock.calls).flat(),
    ...stock.thesis,
    ...stock.valuation,
    ...stock.risks,
    ...stock.cautious.thesis,
    ...stock.cautious.valuation,
    ...stock.cautious.risks,
    ...pack.general,
  ];
}

/** Every template string of a language pack (test helper: they all fill and print). */
export function templatesOf(pack: LanguagePack): string[] {
  const phrases = Object.values(pack.assetClasses);
  return [
    ...sentenceTemplatesOf(pack),
    ...pack.topics.flatMap((topic) => [
      ...topic.titles,
      ...topic.sections,
      ...topic.charts,
      ...topic.keywords,
      topic.tag,
    ]),
    ...phrases.flatMap((p) => [...p.sections, ...p.charts, p.source]),
    ...phrases.flatMap((p) => p.reportTypes.map((type) => type.name)),
    ...pack.stock.reportTypes.map((type) => type.name),
    ...Object.values(pack.stock.titles).flat(),
    ...pack.stock.ratings,
    ...pack.disclaimer.flatMap(({ heading, text }) => [heading, text]),
    pack.labels.notice,
  ];
}
