import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildListItem } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { ResultItem } from './result-item';

const research = {
  ticker: '600519.SH',
  company_name: 'Kweichow Moutai',
  rating: 'Buy',
  rating_normalised: 'buy' as const,
  rating_action: 'upgrade' as const,
  previous_rating: 'Hold',
  target_price: 82.42,
  currency: 'CNY',
  previous_target_price: 75,
};

describe('a company note in the result list', () => {
  it('shows the company linked to its page, the rating with its action and the target with currency', () => {
    renderWithApp(
      <ResultItem item={buildListItem({ id: 'a', research })} search="?file=a" selected={false} />,
    );
    expect(screen.getByTestId('company-link').textContent).toBe('Kweichow Moutai 600519.SH');
    expect(screen.getByTestId('result-rating').textContent).toBe('Buy · Upgrade from Hold');
    expect(screen.getByTestId('result-target').textContent).toBe('Target 82.42 CNY (from 75)');
  });

  it('says only what the note prints: an initiation has no previous rating, no target no target line', () => {
    renderWithApp(
      <ResultItem
        item={buildListItem({
          id: 'b',
          research: {
            ...research,
            rating: 'Overweight',
            rating_normalised: 'outperform',
            rating_action: 'initiate',
            target_price: null,
            previous_target_price: null,
          },
        })}
        search="?file=b"
        selected={false}
      />,
    );
    expect(screen.getByTestId('result-rating').textContent).toBe('Overweight · Initiate');
    expect(screen.queryByTestId('result-target')).toBeNull();
  });

  it('has no research line on a note without a company', () => {
    renderWithApp(
      <ResultItem item={buildListItem({ id: 'c', research: null })} search="?file=c" selected={false} />,
    );
    expect(screen.queryByTestId('result-research')).toBeNull();
  });
});
