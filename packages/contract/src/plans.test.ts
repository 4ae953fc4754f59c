import { describe, expect, it } from 'vitest';
import { effectivePlan, fileAgeAllowed, isPaidLevel, oneYearBefore, PLANS, UNLIMITED } from './plans.js';

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

  it('holds the numbers of SPEC.md sections 6 and 9', () => {
    expect(PLANS.trial.limits.report.count).toBe(20);
    expect(PLANS.trial.limits.search.count).toBe(30);
    expect(PLANS.trial.limits.chat.count).toBe(50);
    expect(PLANS.trial.limits.abstract.count).toBe(20);
    expect(PLANS.trial.limits.translate.count).toBe(20);
    expect(PLANS.trial.limits.upload).toEqual({ count: 10, period: 'total' });
    expect(PLANS.trial.limits.download.count).toBe(0);
    expect(PLANS.trial.upload_max_bytes).toBe(3 * 1024 * 1024);
    expect(PLANS.paid_v0.limits.search.count).toBe(UNLIMITED);
    expect(PLANS.paid_v0.limits.translate.count).toBe(100);
    expect(PLANS.paid_v0.limits.download.count).toBe(100);
    expect(PLANS.paid_v0.daily_downloads).toBe(10);
    expect(PLANS.paid_v0.daily_tokens_in).toBe(2_500_000);
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
