import { config } from 'zod';
import { describe, expect, it } from 'vitest';
import { loadContract } from './contract';

describe('the contract in the browser', () => {
  it('loads the schemas with zod told not to compile parsers with eval, which the CSP refuses', async () => {
    const contract = await loadContract();
    expect(config().jitless).toBe(true);
    expect(contract.SearchResponse.safeParse({}).success).toBe(false);
  });

  it('loads them once', async () => {
    expect(loadContract()).toBe(loadContract());
  });
});
