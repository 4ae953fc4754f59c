import { describe, expect, it } from 'vitest';
import { effectivePlan, fileAgeAllowed, fileAgeOpensAt, isPaidLevel, oneYearBefore, PLANS } from './plans.js';

describe('plans', () => {
  it('recognises paid levels by the paid_v* pattern', () => {
    expect(isPaidLevel('paid_v0')).toBe(true);
    expect(isPaidLevel('paid_v12')).toBe(true);
    expect(isPaidLevel('trial')).toBe(false);
    expect(isPaidLevel('paid_')).toBe(false);
    expect(isPaidLevel('xpaid_v1')).toBe(false);
  });

  it('treats an expired paid level as trial', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(effectivePlan('paid_v0', '2026-12-01T00:00:00Z', now).id).toBe('paid_v0');
    expect(effectivePlan('paid_v0', null, now).id).toBe('paid_v0');
    expect(effectivePlan('paid_v0', '2026-11-21T12:00:00Z', now).id).toBe('trial');
    expect(effectivePlan('trial', '2030-01-01T00:00:00Z', now).id).toBe('trial');
  });
});

describe('the trial file-age rule', () => {
  const today = '2026-11-21';
  it('opens today and anything older than a year, blocks the year between', () => {
    expect(fileAgeAllowed(PLANS.trial, today, today)).toBe(true);
    expect(fileAgeAllowed(PLANS.trial, '2026-11-20', today)).toBe(false);
    expect(fileAgeAllowed(PLANS.trial, '2025-11-21', today)).toBe(false);
    expect(fileAgeAllowed(PLANS.trial, '2025-11-20', today)).toBe(true);
    expect(fileAgeAllowed(PLANS.trial, null, today)).toBe(true);
  });
  it('does not apply to the paid plan', () => {
    expect(fileAgeAllowed(PLANS.paid_v0, '2026-11-20', today)).toBe(true);
  });
  it('steps back one calendar year, 29 February to 28 February', () => {
    expect(oneYearBefore('2028-02-29')).toBe('2027-02-28');
    expect(oneYearBefore('2026-01-01')).toBe('2025-01-01');
  });
});

describe('fileAgeOpensAt', () => {
  it('is the day after a refused report turns one year old, and null when the rule opens it', () => {
    expect(fileAgeOpensAt(PLANS.trial, '2026-06-01', '2026-11-21')).toBe('2027-06-02');
    expect(fileAgeAllowed(PLANS.trial, '2026-06-01', '2027-06-01')).toBe(false);
    expect(fileAgeAllowed(PLANS.trial, '2026-06-01', '2027-06-02')).toBe(true);
    expect(fileAgeOpensAt(PLANS.trial, '2024-02-29', '2024-06-01')).toBe('2025-03-01');
    expect(fileAgeOpensAt(PLANS.trial, '2026-11-21', '2026-11-21')).toBeNull();
    expect(fileAgeOpensAt(PLANS.trial, '2025-01-01', '2026-11-21')).toBeNull();
    expect(fileAgeOpensAt(PLANS.trial, null, '2026-11-21')).toBeNull();
    expect(fileAgeOpensAt(PLANS.paid_v0, '2026-06-01', '2026-11-21')).toBeNull();
  });

  it('is the first day, after today, the rule opens: for every day of four years around two leap days', () => {
    const addDays = (day: string, n: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    // The rule's own answer, day by day.
    const walked = (publishDate: string, today: string) => {
      if (fileAgeAllowed(PLANS.trial, publishDate, today)) return null;
      let day = addDays(publishDate, 1);
      while (!fileAgeAllowed(PLANS.trial, publishDate, day) || day <= today) day = addDays(day, 1);
      return day;
    };
    for (let i = 0; i < 4 * 366; i += 1) {
      const published = addDays('2023-01-01', i);
      for (const today of [addDays(published, 1), addDays(published, 200), addDays(published, -3)]) {
        expect(fileAgeOpensAt(PLANS.trial, published, today), `${published} seen ${today}`).toBe(
          walked(published, today),
        );
      }
    }
  });
});
