import type { GlossaryEntry } from './builtin-glossary.js';
import type { GlossarySource } from './glossary-source.js';
import type { DirectorySource } from '../companies/directory-source.js';

/**
 * The glossary with every company known by names in both languages as one more concept: a chat
 * question asking about 腾讯 of an English note is searched with "Tencent Holdings" and "Tencent"
 * too, as a finance term would be. The same array is handed out until the glossary or the names
 * change (readers cache their forms per array).
 */
export function glossaryWithCompanyNames(
  glossary: GlossarySource,
  directory: DirectorySource,
): GlossarySource {
  let built: { terms: readonly GlossaryEntry[]; tag: number; entries: readonly GlossaryEntry[] } | null =
    null;
  return {
    async current() {
      const [terms, names] = await Promise.all([glossary.current(), directory.current()]);
      if (built?.terms !== terms || built.tag !== names.tag) {
        const companies = names.companies
          .filter((c) => c.en.length > 0 && c.zh.length > 0)
          .map((c): GlossaryEntry => ({ zh: c.zh, en: c.en, domain: 'markets' }));
        built = { terms, tag: names.tag, entries: [...terms, ...companies] };
      }
      return built.entries;
    },
  };
}
