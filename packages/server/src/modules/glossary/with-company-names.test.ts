import { describe, expect, it } from 'vitest';
import { builtinGlossarySource } from './glossary-source.js';
import { createDirectorySource } from '../companies/directory-source.js';
import { glossaryWithCompanyNames } from './with-company-names.js';

describe('the glossary with company names', () => {
  it('hands out the same list until the names change', async () => {
    const source = glossaryWithCompanyNames(
      builtinGlossarySource,
      createDirectorySource({ all: async () => [], stamp: async () => '0' }),
    );
    expect(await source.current()).toBe(await source.current());
  });
});
