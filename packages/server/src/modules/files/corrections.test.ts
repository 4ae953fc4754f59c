import { describe, expect, it } from 'vitest';
import { SAMPLE_FILE } from '../../../test/sql/sample-rows.js';
import { keepCorrections } from './corrections.js';
import type { FileMetaUpdate } from './repo.js';

const COMPANIES = JSON.stringify([
  { ticker: '300274.SZ', company_name: 'Sungrow', rating: null, target_price: null },
]);

/** A reading that took the note for an industry note, its companies for mentioned ones. */
const readAsIndustry: FileMetaUpdate = {
  ...SAMPLE_FILE,
  report_type: 'industry',
  stock_information: '[]',
  mentioned_companies: COMPANIES,
};

describe('keepCorrections, of a note read as an industry note', () => {
  it('makes the mentioned companies its subject again when a person said it is a company note', () => {
    const row = { ...SAMPLE_FILE, report_type: 'company', corrected_fields: '["report_type"]' };
    expect(keepCorrections(readAsIndustry, row)).toMatchObject({
      report_type: 'company',
      stock_information: COMPANIES,
      mentioned_companies: '[]',
    });
  });

  it('leaves them mentioned when nobody corrected the type, or a person set the companies', () => {
    expect(keepCorrections(readAsIndustry, { ...SAMPLE_FILE, corrected_fields: '[]' })).toMatchObject({
      stock_information: '[]',
      mentioned_companies: COMPANIES,
    });
    const set = {
      ...SAMPLE_FILE,
      report_type: 'company',
      stock_information: '[]',
      corrected_fields: '["report_type","stock_information"]',
    };
    expect(keepCorrections(readAsIndustry, set)).toMatchObject({
      stock_information: '[]',
      mentioned_companies: COMPANIES,
    });
  });
});
