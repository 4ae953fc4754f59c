import type { AssetClass, Country, ReportLanguage } from '@rl/contract';
import { ENGLISH } from './language-en.js';
import { CHINESE } from './language-zh.js';
import type { LanguagePack, Topic } from './vocabulary.js';

export function languagePack(language: ReportLanguage): LanguagePack {
  return language === 'zh' ? CHINESE : ENGLISH;
}

/** Topics of an asset class that fit the country (all of the asset class when none is specific to it). */
export function topicsFor(pack: LanguagePack, assetClass: AssetClass, country: Country): Topic[] {
  const ofClass = pack.topics.filter((topic) => topic.assetClass === assetClass);
  const fitting = ofClass.filter((topic) => !topic.countries || topic.countries.includes(country));
  return fitting.length > 0 ? fitting : ofClass;
}

/**
 * The topic a plan was written on: the planner puts the topic's tag first. A hand-made plan with
 * unknown tags still renders, on the asset class's first topic.
 */
export function findTopic(pack: LanguagePack, assetClass: AssetClass, tags: readonly string[]): Topic {
  const ofClass = pack.topics.filter((topic) => topic.assetClass === assetClass);
  const topic = ofClass.find((candidate) => candidate.tag === tags[0]) ?? ofClass[0];
  if (!topic) throw new Error(`no ${pack.language} topic for ${assetClass}`);
  return topic;
}
