import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { PlanCard } from './plan-card';

/** Each line of a plan card ticked when the plan has it, crossed when the card names a lack. */
function lines(planId: 'trial' | 'paid_v0') {
  renderWithApp(<PlanCard planId={planId} current={false} onSubscribe={() => undefined} />);
  return [...screen.getByTestId(`plan-${planId}`).querySelectorAll('li')].map((li) => ({
    text: li.textContent?.trim(),
    included: li.dataset.included,
    icon: li.querySelector('[role="img"]')?.getAttribute('aria-label'),
  }));
}

describe('plan card', () => {
  it('crosses "No downloads" on the free plan and ticks what it has', () => {
    const free = lines('trial');
    expect(free.find((line) => line.text === 'No downloads')).toEqual({
      text: 'No downloads',
      included: 'false',
      icon: 'close',
    });
    const others = free.filter((line) => line.text !== 'No downloads');
    expect(others.length).toBeGreaterThan(3);
    expect(others.every((line) => line.included === 'true' && line.icon === 'check')).toBe(true);
  });

  it('ticks every line of the institutional plan', () => {
    const paid = lines('paid_v0');
    expect(paid.some((line) => line.text?.includes('downloads a day'))).toBe(true);
    expect(paid.every((line) => line.included === 'true' && line.icon === 'check')).toBe(true);
  });
});
