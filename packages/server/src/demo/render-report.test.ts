import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatChineseDate, formatEnglishDate } from './dates.js';
import { generateDemoReport } from './index.js';
import { planDemoReport } from './plan-report.js';
import { readBack } from '../../test/demo/read-back.js';
import { renderDemoReport } from './render-report.js';
import { actionBanner, previousLines } from './stock-note.js';
import { CHINESE_PLAN, ENGLISH_PLAN } from '../../test/demo/test-plans.js';
import type { DemoReportPlan } from './types.js';

const TODAY = '2025-06-15';
const SEED = 2024;
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const oneSpace = (text: string): string => text.replace(/\s+/g, ' ');

/** The cover lines other parts of the product parse, in order. */
function expectedCover(plan: DemoReportPlan): string[] {
  const zh = plan.language === 'zh';
  const lines = [
    plan.issuer,
    `${plan.reportType} | ${plan.assetClass} | ${plan.country}`,
    plan.title,
    zh ? formatChineseDate(plan.publishDate) : formatEnglishDate(plan.publishDate),
    zh ? `分析师：${plan.authors.join('、')}` : `Analysts: ${plan.authors.join(', ')}`,
  ];
  if (plan.stock) {
    const { ticker, rating, targetPrice } = plan.stock;
    lines.push(
      zh
        ? `股票代码：${ticker} 评级：${rating} 目标价：${targetPrice}`
        : `Ticker: ${ticker} Rating: ${rating} Target price: ${targetPrice}`,
      ...previousLines(plan.stock, plan.language),
      oneSpace(actionBanner(plan.stock, plan.language)),
      zh ? `所属行业：${plan.stock.sector}` : `Sector: ${plan.stock.sector}`,
    );
  }
  return [...lines, zh ? '核心观点' : 'Key points'];
}

async function expectReadableReport(plan: DemoReportPlan, bytes: Uint8Array): Promise<void> {
  const pages = Array.from({ length: plan.pageCount }, (_, i) => i + 1);
  const pdf = await readBack(bytes, pages);
  expect(pdf.pageCount).toBe(plan.pageCount);
  const cover = pdf.lines.get(1) ?? [];
  const expected = expectedCover(plan);
  // pdf.js collapses the runs of spaces in the ticker line; every other line comes back verbatim.
  expect(cover.slice(0, expected.length).map(oneSpace)).toEqual(expected);
  expect(cover.slice(0, 5)).toEqual(expected.slice(0, 5));
  for (const page of pages) {
    const lines = pdf.lines.get(page) ?? [];
    expect(lines.length, `page ${page} has body text`).toBeGreaterThan(4);
    const label =
      plan.language === 'zh' ? `第${page}页 / 共${plan.pageCount}页` : `Page ${page} of ${plan.pageCount}`;
    expect(lines.some((line) => line.includes(label))).toBe(true);
    if (page > 1) expect(lines[0]?.startsWith(plan.issuer)).toBe(true);
  }
  const last = pdf.lines.get(plan.pageCount) ?? [];
  expect(last).toContain(plan.language === 'zh' ? '免责声明' : 'Disclaimer');
  const headings = [...pdf.lines.values()].flat();
  for (const section of plan.language === 'zh'
    ? ['投资逻辑', '估值', '风险提示']
    : ['Investment thesis', 'Valuation', 'Risks']) {
    expect(headings).toContain(section);
  }
  expect(pdf.info).toMatchObject({
    Title: plan.title,
    Author: plan.authors.join(', '),
    Subject: `${plan.assetClass} | ${plan.country}`,
    Keywords: plan.tags.join(', '),
    Creator: plan.issuer,
    Producer: 'Research Library demo generator',
    CreationDate: `D:${plan.publishDate.replaceAll('-', '')}000000Z`,
    ModDate: `D:${plan.publishDate.replaceAll('-', '')}000000Z`,
  });
}

describe('renderDemoReport', () => {
  it('gives byte-identical output for the same seed and index, and different output for another index', async () => {
    const index = [...Array(40).keys()].find((i) => planDemoReport(SEED, i, TODAY).language === 'zh') ?? 0;
    for (const i of [index, 0]) {
      const first = await generateDemoReport(SEED, i, TODAY);
      const second = await generateDemoReport(SEED, i, TODAY);
      expect(sha256(second.bytes)).toBe(sha256(first.bytes));
      const next = await generateDemoReport(SEED, i + 1, TODAY);
      expect(sha256(next.bytes)).not.toBe(sha256(first.bytes));
    }
  });

  it('writes the exact cover lines, info dictionary and page structure of an English report', async () => {
    await expectReadableReport(ENGLISH_PLAN, await renderDemoReport(ENGLISH_PLAN));
    const pdf = await readBack(await renderDemoReport(ENGLISH_PLAN), [1]);
    expect(oneSpace(pdf.lines.get(1)?.[5] ?? '')).toBe('Ticker: 7203 JP Rating: Buy Target price: JPY 3,200');
    expect(pdf.lines.get(1)?.[3]).toBe('12 March 2024');
  });

  it('writes Chinese reports in Chinese that pdf.js extracts as Chinese, with a small subset font', async () => {
    const bytes = await renderDemoReport(CHINESE_PLAN);
    await expectReadableReport(CHINESE_PLAN, bytes);
    const pdf = await readBack(bytes, [1, 2]);
    expect(pdf.lines.get(1)?.slice(3, 6).map(oneSpace)).toEqual([
      '2024年3月12日',
      '分析师：张三、李四',
      '股票代码：600519.SH 评级：买入 目标价：1,980元',
    ]);
    const body = [...(pdf.lines.get(1) ?? []), ...(pdf.lines.get(2) ?? [])].join('');
    expect(body).toMatch(/\p{Script=Han}{12}/u);
    expect(body).toContain('澜芯汽车');
    expect(bytes.length).toBeLessThan(300 * 1024);
  });

  it('renders generated reports of both languages, with and without a stock, that read back fully', async () => {
    const plans = Array.from({ length: 60 }, (_, i) => planDemoReport(SEED, i, TODAY));
    const picks = [
      plans.find((p) => p.language === 'en' && p.stock),
      plans.find((p) => p.language === 'en' && !p.stock && p.pageCount >= 10),
      plans.find((p) => p.language === 'zh' && p.stock),
      plans.find((p) => p.language === 'zh' && !p.stock),
      plans.find((p) => p.pageCount === 2),
    ];
    expect(picks.every(Boolean)).toBe(true);
    for (const plan of picks as DemoReportPlan[])
      await expectReadableReport(plan, await renderDemoReport(plan));
  });

  it('honours any page count from 2 to 30 and rejects others', async () => {
    for (const pageCount of [2, 3, 30]) {
      const plan = { ...ENGLISH_PLAN, pageCount };
      expect((await readBack(await renderDemoReport(plan), [])).pageCount).toBe(pageCount);
    }
    await expect(renderDemoReport({ ...ENGLISH_PLAN, pageCount: 1 })).rejects.toThrow(/pageCount/);
    await expect(renderDemoReport({ ...ENGLISH_PLAN, pageCount: 31 })).rejects.toThrow(/pageCount/);
  });
});
