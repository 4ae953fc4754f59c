import { describe, expect, it } from 'vitest';
import { loadBuiltinGlossary } from '../glossary/builtin-glossary.js';
import { glossaryTerms, questionLanguage, searchText } from './question-language.js';

const GLOSSARY = loadBuiltinGlossary();
import { indexPassages } from './retrieval.js';

describe('a question in the other language than its report', () => {
  it('tells the language of a question by its Han characters against its Latin words', () => {
    expect(questionLanguage('会员费收入是多少？')).toBe('zh');
    expect(questionLanguage('Costco的营收增长了多少？')).toBe('zh');
    expect(questionLanguage('How did net sales change?')).toBe('en');
    expect(questionLanguage('What does 毛利率 mean for Costco margins?')).toBe('en');
    expect(questionLanguage('2025?')).toBe('en');
  });

  it('names the finance terms of a Chinese question in English, the longest form first', () => {
    const terms = glossaryTerms('公司的利息收入和会员费是多少？', 'en', GLOSSARY);
    expect(terms).toEqual(expect.arrayContaining(['interest income', 'membership fees']));
    // 利息收入 is one term: neither 利息 (interest) alone nor 收入 (revenue) is added.
    expect(terms).not.toContain('revenue');
    expect(glossaryTerms('毛利率同比下降了吗？', 'en', GLOSSARY)).toEqual(
      expect.arrayContaining(['gross margin', 'year over year', 'decline']),
    );
  });

  it('names the terms of an English question in Chinese, plurals included', () => {
    expect(glossaryTerms('What are the risks and the profit forecast?', 'zh', GLOSSARY)).toEqual(
      expect.arrayContaining(['风险', '盈利预测']),
    );
    expect(glossaryTerms('How did dividend payouts change?', 'zh', GLOSSARY)).toContain('股息');
    // "fed" is a whole word, not a part of "federal" or "feed".
    expect(glossaryTerms('feeder lines', 'zh', GLOSSARY)).toEqual([]);
  });

  it('names a term whatever its number: "exchange rate" is the form "exchange rates"', () => {
    for (const q of ['How did the exchange rate move?', 'How did exchange rates move?'])
      expect(glossaryTerms(q, 'zh', GLOSSARY)).toEqual(expect.arrayContaining(['汇率', '外汇']));
    expect(glossaryTerms("What is the company's outlook?", 'zh', GLOSSARY)).toEqual(
      glossaryTerms('What is the companies outlook?', 'zh', GLOSSARY),
    );
  });

  it('adds nothing to a question in the report language, nor to one without known terms', () => {
    expect(searchText('How many warehouses?', 'en', GLOSSARY)).toBe('How many warehouses?');
    expect(searchText('会员费是多少？', 'zh', GLOSSARY)).toBe('会员费是多少？');
    expect(searchText('为什么？', 'en', GLOSSARY)).toBe('为什么？');
  });

  it('finds the English passage of a Chinese question, and the Chinese passage of an English one', () => {
    const english = indexPassages([
      { page: 1, text: 'Net sales for the quarter increased 1.9 percent to $52.60 billion.' },
      { page: 2, text: 'Membership fees rose to $1.04 billion on higher renewal rates.' },
      { page: 3, text: 'Costco currently operates 853 warehouses.' },
    ]);
    expect(english.search('会员费是多少？', 3)).toEqual([]);
    expect(english.search(searchText('会员费是多少？', 'en', GLOSSARY), 3)[0]?.page).toBe(2);
    expect(english.search(searchText('有多少家仓储店？', 'en', GLOSSARY), 3)[0]?.page).toBe(3);

    const chinese = indexPassages([
      { page: 1, text: '公司光伏硅片切割代工业务持续放量，金刚线产能快速扩张。' },
      { page: 2, text: '盈利预测与投资建议：预计公司归母净利润持续增长，维持增持评级。' },
      { page: 3, text: '风险提示：硅片扩产不及预期，市场竞争加剧。' },
    ]);
    expect(chinese.search('What are the risks?', 3)).toEqual([]);
    expect(chinese.search(searchText('What are the risks?', 'zh', GLOSSARY), 3)[0]?.page).toBe(3);
    expect(
      chinese.search(searchText('What is the profit forecast and rating?', 'zh', GLOSSARY), 3)[0]?.page,
    ).toBe(2);
  });
});
