import { describe, expect, it } from 'vitest';
import { editRequestOf } from './my-file-edit-modal';
import { buildMyFile } from './test-fixtures';

describe('the owner’s correction of an upload', () => {
  const file = buildMyFile({
    title: 'Read title',
    publish_date: '2024-05-01',
    issuer: 'Read Broker',
    authors: ['Ann Analyst'],
    report_type: 'company',
    tags: ['earnings'],
  });
  const values = {
    document_title: file.title,
    publish_date: file.publish_date,
    issuer: file.issuer,
    authors: file.authors,
    report_type: file.report_type,
    tags: file.tags,
    companies: [],
    sector: null,
  };

  it('sends title and date, and nothing else that is unchanged', () => {
    expect(editRequestOf(file, values)).toEqual({
      file_id: file.id,
      document_title: 'Read title',
      publish_date: '2024-05-01',
    });
  });

  it('sends the issuer, analysts, type and tags that changed, trimmed and without repeats', () => {
    expect(
      editRequestOf(file, {
        ...values,
        issuer: '  Better Broker ',
        authors: [' Ann Analyst', 'Bo Chen', 'Bo Chen', ' '],
        report_type: 'industry',
        tags: ['semis'],
      }),
    ).toEqual({
      file_id: file.id,
      document_title: 'Read title',
      publish_date: '2024-05-01',
      issuer: 'Better Broker',
      authors: ['Ann Analyst', 'Bo Chen'],
      report_type: 'industry',
      tags: ['semis'],
    });
  });

  it('never sends an emptied issuer (the server asks for one)', () => {
    expect(editRequestOf(file, { ...values, issuer: '   ' })).not.toHaveProperty('issuer');
  });

  it('sends the companies and the sector only when they changed', () => {
    expect(editRequestOf(file, { ...values, sector: 'banks' })).toEqual({
      file_id: file.id,
      document_title: 'Read title',
      publish_date: '2024-05-01',
      sector: 'banks',
    });
    const company = {
      ticker: '601398.sh',
      company_name: ' ICBC ',
      rating: '',
      rating_normalised: 'hold' as const,
      rating_action: null,
      previous_rating: '',
      target_price_value: 6.5,
      currency: 'cny',
      previous_target_price: null,
    };
    expect(editRequestOf(file, { ...values, companies: [company] }).stock_information).toEqual([
      {
        ticker: '601398.SH',
        company_name: 'ICBC',
        rating: null,
        rating_normalised: 'hold',
        rating_action: null,
        previous_rating: null,
        target_price_value: 6.5,
        currency: 'CNY',
        previous_target_price: null,
      },
    ]);
  });
});
