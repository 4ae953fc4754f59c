import { describe, expect, it } from 'vitest';
import { createDirectorySource } from '../companies/directory-source.js';
import { builtinGlossarySource } from '../glossary/glossary-source.js';
import { glossaryWithCompanyNames } from '../glossary/with-company-names.js';
import { searchText } from './question-language.js';

describe('chat questions carry company names into the report language', () => {
  it('adds the English names of a company asked about in Chinese, and the Chinese ones the other way', async () => {
    const directory = createDirectorySource({
      all: async () => [{ ticker: 'ACMW.US', name: '艾克米', source: 'notes', hidden: 0 }],
      stamp: async () => '1',
    });
    // A name learned from notes alone in one language is no pair: it adds nothing.
    const glossary = await glossaryWithCompanyNames(builtinGlossarySource, directory).current();
    const zh = searchText('腾讯的游戏收入增长了多少？', 'en', glossary);
    expect(zh).toContain('Tencent');
    expect(searchText('台积电的产能利用率', 'en', glossary)).toContain('TSMC');
    expect(searchText('How did SK hynix memory prices move?', 'zh', glossary)).toContain('海力士');
    expect(searchText('艾克米的收入', 'en', glossary)).toBe('艾克米的收入\nrevenue revenues sales');
  });
});
