import { describe, expect, it } from 'vitest';
import { changedFields, editValuesOf } from './file-edit-values';
import { buildAdminFileDetail } from './test-fixtures';

describe('file edit values', () => {
  const file = buildAdminFileDetail();

  it('finds no change in the values the file already has', () => {
    expect(changedFields(file, editValuesOf(file))).toEqual({});
  });

  it('keeps only the fields that changed, trimmed', () => {
    const values = { ...editValuesOf(file), title: '  New title ', language: 'zh', tags: [...file.tags] };
    expect(changedFields(file, values)).toEqual({ title: 'New title', language: 'zh' });
  });

  it('sends a changed report type', () => {
    expect(changedFields(file, { ...editValuesOf(file), report_type: 'strategy' })).toEqual({
      report_type: 'strategy',
    });
  });

  it('sends a cleared date, asset class or country as null', () => {
    const values = { ...editValuesOf(file), publish_date: null, asset_class: undefined, country: null };
    expect(changedFields(file, values as never)).toEqual({
      publish_date: null,
      asset_class: null,
      country: null,
    });
  });

  it('compares lists after dropping blanks and repeats', () => {
    expect(
      changedFields(file, { ...editValuesOf(file), authors: [...file.authors, ' ', file.authors[0]!] }),
    ).toEqual({});
    expect(changedFields(file, { ...editValuesOf(file), authors: ['Bo Chen', 'Ann Analyst'] })).toEqual({
      authors: ['Bo Chen', 'Ann Analyst'],
    });
  });

  it('sends the companies and the sector that changed, and leaves them out otherwise', () => {
    const covered = buildAdminFileDetail({
      stock_information: [
        {
          ticker: '0700.HK',
          company_name: 'Tencent',
          rating: 'Buy',
          target_price: 'HKD 690',
          currency: 'HKD',
        },
      ],
      sector: 'internet_media',
    });
    expect(changedFields(covered, editValuesOf(covered))).toEqual({});
    const values = editValuesOf(covered);
    expect(values.companies[0]).toMatchObject({ ticker: '0700.HK', rating: 'Buy', target_price_value: null });
    values.companies[0] = { ...values.companies[0]!, target_price_value: 700, rating_normalised: 'buy' };
    expect(changedFields(covered, { ...values, sector: null })).toEqual({
      stock_information: [
        {
          ticker: '0700.HK',
          company_name: 'Tencent',
          rating: 'Buy',
          rating_normalised: 'buy',
          rating_action: null,
          previous_rating: null,
          target_price_value: 700,
          currency: 'HKD',
          previous_target_price: null,
        },
      ],
      sector: null,
    });
  });

  it("confirms an upload's research data, and never sends the box for a library report", () => {
    const upload = buildAdminFileDetail({ owner_id: 'u_1', owner_username: 'reader' });
    expect(editValuesOf(upload).research_confirmed).toBe(false);
    expect(changedFields(upload, { ...editValuesOf(upload), research_confirmed: true })).toEqual({
      research_confirmed: true,
    });
    const confirmed = buildAdminFileDetail({
      owner_id: 'u_1',
      research_confirmed_time: '2026-11-21T10:00:00Z',
    });
    expect(changedFields(confirmed, { ...editValuesOf(confirmed), research_confirmed: false })).toEqual({
      research_confirmed: false,
    });
    expect(changedFields(file, { ...editValuesOf(file), research_confirmed: true })).toEqual({});
  });
});
