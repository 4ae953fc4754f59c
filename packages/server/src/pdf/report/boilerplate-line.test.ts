import { describe, expect, it } from 'vitest';
import { isBoilerplateLine, isDateLine, isDepartmentLine } from './boilerplate-line.js';

describe('isBoilerplateLine', () => {
  it.each([
    'Lindsay.Tyler@morganstanley.com +1 212 761-2734',
    'See Appendix A-1 for Analyst Certification, Important Disclosures and the status of non-US analysts.',
    '请务必参阅正文后面的信息披露和法律声明 1 / 12',
    '证券研究报告•宏观报告',
    'Asia Pacific Equity Research',
    'Global Markets Research',
    '行业研究/深度报告',
    'China (PRC) | Technology',
    'Page 3 of 12',
    'Executive Summary',
    '投资要点',
    'SAC Registration Number: S1730523020001',
  ])('drops %s', (line) => {
    expect(isBoilerplateLine(line)).toBe(true);
  });

  it.each([
    'China: Two-speed industrial profit growth in 1H',
    '弱现实能平抑债市利率回调吗？',
    'PCB/CCL Update: New Prelim Results from Some Key Local Names',
    'Strategy Espresso: Europe and the China Dragon – a fiercer fight',
    '基于小波分析和支持向量机的指数预测模型',
    'WARN Report',
  ])('keeps %s', (line) => {
    expect(isBoilerplateLine(line)).toBe(false);
  });
});

describe('isDepartmentLine and isDateLine', () => {
  it('tells a series from a headline that shares its words', () => {
    expect(isDepartmentLine('2010 中期策略会专题报告')).toBe(true);
    expect(isDepartmentLine('Japan Strategy Q326: The bright spot in the region')).toBe(false);
  });

  it('recognises datelines with a weekday, a time or a label', () => {
    expect(isDateLine('2 July 2026 | 5:01AM BST')).toBe(true);
    expect(isDateLine('报告日期： 2022-11-12')).toBe(true);
    expect(isDateLine('Wed, March 18, 2026')).toBe(true);
    expect(isDateLine('Tencent results on 18 March 2026 beat consensus on games')).toBe(false);
  });
});
