import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildListItem } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { LibraryFileRow } from './library-file-row';

describe('a starred or collected report my plan does not open yet', () => {
  it('carries the search results’ lock, with its tooltip, and an open report none', async () => {
    renderWithApp(
      <ul>
        <LibraryFileRow
          item={buildListItem({
            id: 'a',
            title: 'Locked zinc',
            locked: { reason: 'file_age', opens_at: '2027-06-02' },
          })}
          note="Starred on Nov 21, 2026"
          actions={null}
          testId="star-row"
        />
        <LibraryFileRow
          item={buildListItem({ id: 'b', title: 'Open zinc' })}
          note="Starred on Nov 20, 2026"
          actions={null}
          testId="star-row"
        />
      </ul>,
    );
    const locks = screen.getAllByTestId('lock-mark');
    expect(locks).toHaveLength(1);
    const lock = locks[0]!;
    expect(lock.closest('[data-file-id]')?.getAttribute('data-file-id')).toBe('a');
    const tip = 'Opens on the free plan on Jun 2, 2027; the institutional plan opens it now';
    expect(lock.getAttribute('aria-label')).toBe(tip);
    // The title stays a link to the report: the viewer tells the rest after the click.
    expect(screen.getByRole('link', { name: `${tip} Locked zinc` }).getAttribute('href')).toBe(
      '/home/file?file=a',
    );

    fireEvent.mouseEnter(lock);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', tip);
  });
});
