import { describe, expect, it } from 'vitest';
import { coverDate } from './cover-date.js';
import { monthNamed, recaseCapitals, runningHeaderTitle } from './running-header.js';
import { pageOf } from './test-layout.js';

describe('coverDate', () => {
  it('reads the cover’s dateline, not a price date, a data cut-off or a creation stamp', () => {
    const page = pageOf([
      ['Report created 2026-03-21 08:00', 7, 40, 820],
      ['Price (18 Mar 26): HK$550.50', 8, 429, 674],
      ['19 March 2026', 8, 430, 752],
      ['Data as of 17 March 2026', 7, 430, 600],
    ]);
    expect(coverDate(page, '')).toBe('2026-03-19');
  });

  it('reads a dateline run on with the publisher’s name, and a byline’s date', () => {
    expect(coverDate(pageOf([['Fri, Feb 24, 2017 USDA Market News', 10, 300, 580]]), '')).toBe('2017-02-24');
    expect(coverDate(undefined, 'Analysis by Jane Whitfield, April 17, 2025')).toBe('2025-04-17');
  });

  it('reads no date from a period or a table of dates', () => {
    expect(coverDate(pageOf([['07/01/2015 - 03/25/2016', 10, 300, 560]]), '')).toBeNull();
    const table = pageOf(
      ['06/22/2015', '06/30/2015', '07/01/2015', '07/02/2015', '07/06/2015'].map((d, i) => [
        d,
        10,
        30,
        480 - 13 * i,
      ]),
    );
    expect(coverDate(table, '')).toBeNull();
  });
});

describe('runningHeaderTitle', () => {
  it('names an excerpt by the publication its running header repeats, in title case', () => {
    const pages = [
      '4 SUMMARy\n\nbody',
      '5\n\nDomestic Developments',
      '6 PART 1: RECENT DEvELOPMENTS\n\nbody',
      'MONETARy POLICy REPORT: JULy 2024 7\n\nbody',
      '8 PART 1: RECENT DEvELOPMENTS\n\nbody',
      'MONETARy POLICy REPORT: JULy 2024 9\n\nbody',
      '10 PART 1: RECENT DEvELOPMENTS\n\nbody',
      'MONETARy POLICy REPORT: JULy 2024 11\n\nbody',
    ];
    expect(runningHeaderTitle(pages)).toBe('Monetary Policy Report: July 2024');
    expect(monthNamed('Monetary Policy Report: July 2024')).toBe('2024-07-01');
    expect(recaseCapitals('Capital Markets Outlook')).toBe('Capital Markets Outlook');
  });
});
