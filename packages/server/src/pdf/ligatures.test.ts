import { describe, expect, it } from 'vitest';
import { repairLigatures } from './ligatures.js';

describe('repairLigatures', () => {
  it('spells out unmapped ligature glyphs with the letters of a word the document writes out elsewhere', () => {
    const pages = [
      'Results for Fiscal 2023\nthe \u0000rst 36 weeks of \u0000scal 2023',
      'Inflation eased; in\u0000ation and de\u0000ation. The e\u0000ect of the offer on o\u0000cial figures of our offices.',
    ];
    expect(repairLigatures(pages)).toEqual([
      'Results for Fiscal 2023\nthe first 36 weeks of fiscal 2023',
      'Inflation eased; inflation and deflation. The effect of the offer on official figures of our offices.',
    ]);
  });

  it('learns from the words it can tell which ligatures a document leaves unmapped, and spells the rest with them', () => {
    const pages = [
      'This Section is effective from the date of the meeting, as noted in the committee minutes.',
      'Sec\u0000on 1. Effec\u0000ve Date. A propor\u0000onate share, after the commi\u0000ee mee\u0000ng.',
    ];
    expect(repairLigatures(pages)[1]).toBe(
      'Section 1. Effective Date. A proportionate share, after the committee meeting.',
    );
  });

  it('takes "fi", the most frequent ligature, where the document cannot tell, and drops lone unmapped glyphs', () => {
    expect(repairLigatures(['the \u0000rst item \u0000 of the list'])).toEqual([
      'the first item  of the list',
    ]);
  });

  it('removes a space drawn over a ligature only where the joined word is written out elsewhere', () => {
    const pages = [
      'private fi rms and other firms',
      'signifi cantly, significantly',
      'Sanofi announced; staff members',
    ];
    expect(repairLigatures(pages)).toEqual([
      'private firms and other firms',
      'significantly, significantly',
      'Sanofi announced; staff members',
    ]);
  });

  it('leaves text without either problem as it is', () => {
    const pages = ['The first fiscal quarter', '年度报告'];
    expect(repairLigatures(pages)).toEqual(pages);
  });
});
