import { describe, expect, it } from 'vitest';
import { parseQuery } from './fts-query.js';
import { segmentText } from '../../text/segment.js';
import { snippetHtml } from './snippet.js';

const NOTICE =
  'This report is provided for information purposes only and does not constitute an offer or solicitation. ' +
  'Ratings and target prices are subject to change without notice; past performance is not a guide to future results.';
const ZH_NOTICE =
  '本报告仅供本公司的客户使用。在任何情况下，本报告中的信息或所表述的意见并不构成对任何人的投资建议，评级和目标价仅供参考。';

describe('search snippets', () => {
  it("are taken from the report's own text, not from a notice printed before it", () => {
    const body = `${NOTICE}\n\nWe keep our Buy rating and raise the target price to HK$690 on cloud growth.`;
    const html = snippetHtml(body, parseQuery('target price'));
    expect(html).toContain('<mark>target</mark> <mark>price</mark> to HK$690');
    expect(html).not.toMatch(/solicitation|notice/);
  });

  it('work on segmented Chinese text', () => {
    const body = segmentText(`${ZH_NOTICE}\n\n公司金刚线产能持续扩张，维持“增持”评级，目标价95元。`);
    const html = snippetHtml(body, parseQuery('评级'));
    expect(html).toContain('增持');
    expect(html).not.toContain('本报告仅供');
  });

  it('fall back to the first match when only notices match', () => {
    const html = snippetHtml(`Cloud growth was strong.\n\n${NOTICE}`, parseQuery('solicitation'));
    expect(html).toContain('<mark>solicitation</mark>');
  });
});
