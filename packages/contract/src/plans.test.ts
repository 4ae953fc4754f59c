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
    // Every calendar day from 2022 to 2028, so the walk below is array steps, not date arithmetic.
    const days: string[] = [];
    for (let t = Date.UTC(2022, 0, 1); t <= Date.UTC(2028, 11, 31); t += 86_400_000)
      days.push(new Date(t).toISOString().slice(0, 10));
    const allowed = (published: number, day: number) =>
      fileAgeAllowed(PLANS.trial, days[published]!, days[day]!);
    // The rule's own answer, day by day: the first day after today (and after publication) it allows.
    const firstAllowedFrom = (published: number, from: number) => {
      let day = from;
      while (!allowed(published, day)) day += 1;
      return day;
    };
    for (let published = days.indexOf('2023-01-01'); published < days.indexOf('2027-01-01'); published += 1) {
      const firstOpen = firstAllowedFrom(published, published + 1);
      for (const today of [published + 1, published + 200, published - 3]) {
        const expected = allowed(published, today)
          ? null
          : days[today + 1 <= firstOpen ? firstOpen : firstAllowedFrom(published, today + 1)];
        expect(
          fileAgeOpensAt(PLANS.trial, days[published]!, days[today]!),
          `${days[published]} seen ${days[today]}`,
        ).toBe(expected);
      }
    }
  });
});
