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
});
