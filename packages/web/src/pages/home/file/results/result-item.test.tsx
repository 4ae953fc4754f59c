import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildListItem } from '../../../../test/fixtures';
import { renderWithApp } from '../../../../test/render';
import { ResultItem } from './result-item';

describe('a result the viewer’s plan does not open yet', () => {
  it('carries a lock saying when it opens, before the click', () => {
    renderWithApp(
      <>
        <ResultItem
          item={buildListItem({
            id: 'a',
            title: 'Locked zinc',
            locked: { reason: 'file_age', opens_at: '2027-06-02' },
          })}
          search="?file=a"
          selected={false}
        />
        <ResultItem item={buildListItem({ id: 'b', title: 'Open zinc' })} search="?file=b" selected={false} />
      </>,
    );
    const locks = screen.getAllByTestId('lock-mark');
    expect(locks).toHaveLength(1);
    expect(locks[0]!.closest('[data-file-id]')?.getAttribute('data-file-id')).toBe('a');
    expect(locks[0]!.getAttribute('aria-label')).toBe(
      'Opens on the free plan on Jun 2, 2027; the institutional plan opens it now',
    );
  });
});
