import { describe, expect, it } from 'vitest';
import { groupBlocks, type TextRun } from './group-blocks.js';

/** A run of 10 pt text whose width is 5 pt per character (Helvetica-like). */
const run = (str: string, x: number, baseline: number, size = 10): TextRun => ({
  str,
  x,
  baseline,
  width: str.length * size * 0.5,
  size,
  ascent: 0.8,
  descent: 0.2,
  hasEOL: false,
});

describe('groupBlocks', () => {
  it('joins the wrapped lines of a paragraph and boxes them', () => {
    const blocks = groupBlocks([
      run('Net sales for the quarter increased 1.9 percent, to', 50, 700),
      run('$52.60 billion, from $51.61 billion last year.', 50, 688),
      run('A new para-', 50, 660),
      run('graph follows.', 50, 648),
    ]);
    expect(blocks.map((b) => b.text)).toEqual([
      'Net sales for the quarter increased 1.9 percent, to $52.60 billion, from $51.61 billion last year.',
      'A new paragraph follows.',
    ]);
    expect(blocks[0]).toMatchObject({ lines: 2, fontSize: 10 });
    const box = blocks[0]!.box;
    expect(box.x).toBe(50);
    expect(box.y).toBeCloseTo(688 - 2);
    expect(box.y + box.height).toBeCloseTo(700 + 8);
    expect(box.width).toBeCloseTo('Net sales for the quarter increased 1.9 percent, to'.length * 5);
  });

  it('keeps lines painted on different grounds apart (a heading on a band, the line under it)', () => {
    const runs = [
      run('Exhibit 1: Financial forecasts for the next five', 50, 700),
      run('years with our estimates', 50, 688),
    ];
    expect(groupBlocks(runs)).toHaveLength(1);
    const onBand = (box: { y: number }) => (box.y < 690 ? 'band' : 'page');
    expect(groupBlocks(runs, { groundOf: onBand }).map((b) => b.text)).toEqual([
      'Exhibit 1: Financial forecasts for the next five',
      'years with our estimates',
    ]);
  });

  it('joins the items of a line and removes end-of-line hyphens', () => {
    const blocks = groupBlocks([
      run('Operating results of the inter-', 50, 700),
      run('national', 50, 688),
      run('segment', 50 + 8 * 5 + 2.5, 688),
    ]);
    expect(blocks.map((b) => b.text)).toEqual(['Operating results of the international segment']);
  });

  it('keeps table rows and cells apart', () => {
    const rows = ['Net sales', 'Membership fees', 'Total revenue'].flatMap((label, i) => [
      run(label, 50, 500 - i * 10),
      run(String(1000 + i), 300, 500 - i * 10),
      run(String(2000 + i), 400, 500 - i * 10),
    ]);
    const blocks = groupBlocks(rows);
    expect(blocks.map((b) => b.text)).toEqual([
      'Net sales',
      '1000',
      '2000',
      'Membership fees',
      '1001',
      '2001',
      'Total revenue',
      '1002',
      '2002',
    ]);
  });

  it('keeps a heading in capitals and an indented sub-item out of the text below', () => {
    const blocks = groupBlocks([
      run('REVENUE', 50, 500),
      run('Net sales', 57, 490),
      run('52,604', 300, 490),
      run('Cost of sales', 57, 480),
      run('47,175', 300, 480),
    ]).filter((b) => !/\d/.test(b.text));
    expect(blocks.map((b) => b.text)).toEqual(['REVENUE', 'Net sales', 'Cost of sales']);
  });

  it('keeps two columns apart and joins the lines of each', () => {
    const left = 'Left column text that runs to the edge';
    const right = 'Right column text that runs on as well';
    const blocks = groupBlocks([
      run(left, 50, 700),
      run(right, 260, 700),
      run('and wraps here.', 50, 688),
      run('and wraps there.', 260, 688),
    ]);
    expect(blocks.map((b) => b.text).sort()).toEqual([
      `${left} and wraps here.`,
      `${right} and wraps there.`,
    ]);
  });

  it('leaves out blank runs and joins Chinese without spaces', () => {
    const blocks = groupBlocks([run('公司营收', 50, 700), run(' ', 70, 700), run('同比增长', 70, 700)]);
    expect(blocks.map((b) => b.text)).toEqual(['公司营收同比增长']);
  });
});
