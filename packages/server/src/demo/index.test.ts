import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planDemoReport, writeDemoCorpus } from './index.js';

describe('writeDemoCorpus', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('writes one PDF per planned report and returns the plans', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'demo-corpus-'));
    dirs.push(dir);
    const plans = await writeDemoCorpus(join(dir, 'nested'), { count: 4, seed: 9, today: '2025-06-15' });
    expect(plans).toEqual([0, 1, 2, 3].map((i) => planDemoReport(9, i, '2025-06-15')));
    expect((await readdir(join(dir, 'nested'))).sort()).toEqual(plans.map((plan) => plan.fileName).sort());
    for (const plan of plans) {
      const bytes = await readFile(join(dir, 'nested', plan.fileName));
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
