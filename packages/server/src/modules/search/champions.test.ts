import { describe, expect, it } from 'vitest';
import { parseQuery } from './fts-query.js';
import { listUnits, MAX_PHRASE_LISTS } from './champions.js';

/** A pasted paragraph of traditional Chinese: one phrase of some ninety words to the segmenter. */
const PARAGRAPH =
  '臺灣積體電路製造股份有限公司發佈第三季財務報告營業收入與淨利潤均創歷史新高半導體產業鏈供應緊張價格上漲' +
  '投資者關注先進製程產能擴張以及資本支出計劃分析師認為公司在人工智慧與高效能運算領域具有競爭優勢維持買進評級' +
  '目標價上調至新臺幣一千元整體市場情緒樂觀但需留意地緣政治風險匯率波動與庫存調整週期對獲利的影響';

describe('the lists a query is ranked on', () => {
  it('are a few of a long phrase’s words, each a count and a join, not one per word', () => {
    expect(PARAGRAPH.length).toBeGreaterThanOrEqual(140);
    const { terms } = parseQuery(PARAGRAPH);
    expect(terms).toHaveLength(1);
    expect(terms[0]!.tokens.length).toBeGreaterThan(50);
    const units = terms.flatMap(listUnits);
    expect(units).toHaveLength(MAX_PHRASE_LISTS);
    // The longest words, each one list, each a word of the phrase.
    const longest = Math.max(...terms[0]!.tokens.map((t) => t.length));
    expect(units.some((u) => u.tokens[0]!.length === longest)).toBe(true);
    for (const u of units) {
      expect(u.tokens).toHaveLength(1);
      expect(terms[0]!.tokens).toContain(u.tokens[0]);
    }
  });

  it('are every word of a short phrase, and a single word as it is', () => {
    const [phrase] = parseQuery('信用债').terms;
    expect(listUnits(phrase!).length).toBeLessThanOrEqual(2);
    const [word] = parseQuery('copper').terms;
    expect(listUnits(word!)).toEqual([word]);
  });
});
