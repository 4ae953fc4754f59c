import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { click } from '../auth-modal/auth-test-helpers';
import { i18n, loadLocale } from '../../locale/i18n';
import { viewerStore } from '../../stores/viewer-store';
import { buildFileInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { FileDetails } from '../../pages/home/file/viewer/file-details';

/** A note whose rating and target say where they were printed; its date was a guess. */
const info = buildFileInfo({
  meta: {
    ...buildFileInfo().meta,
    publish_date: '2026-03-19',
    sources: { publish_date: { page: 2, text: '19 March 2026', unsure: true } },
    stock_information: [
      {
        ticker: '0700.HK',
        company_name: 'Tencent',
        rating: 'Buy',
        target_price: 'HK$690.00',
        rating_normalised: 'buy',
        rating_action: 'maintain',
        target_price_value: 690,
        currency: 'HKD',
        sources: {
          rating: { page: 1, text: 'Rating: Buy (maintained)' },
          target_price: { page: 3, text: 'Price target: HK$690.00' },
        },
      },
    ],
  },
});

describe('where a fact of the details was printed', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
    viewerStore.setState({ pageRequest: null });
  });

  it('shows the line on hover and turns the viewer to its page on a click', async () => {
    renderWithApp(<FileDetails info={info} views={1} />);
    const mark = screen.getByTestId('source-rating');
    expect(mark.textContent).toBe('p. 1');
    fireEvent.mouseEnter(mark);
    await waitFor(() =>
      expect(screen.getByRole('tooltip').textContent).toContain('p. 1: Rating: Buy (maintained)'),
    );
    await click(screen.getByTestId('source-target'));
    expect(viewerStore.getState().pageRequest?.page).toBe(3);
  });

  it('marks a guessed fact as unsure', async () => {
    renderWithApp(<FileDetails info={info} views={1} />);
    const mark = screen.getByTestId('source-date');
    expect(mark.getAttribute('data-unsure')).toBe('true');
    fireEvent.focus(mark);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('Unsure'));
  });

  it('says it in Chinese too', async () => {
    await loadLocale('zh-CN');
    await act(() => i18n.changeLanguage('zh-CN'));
    renderWithApp(<FileDetails info={info} views={1} />);
    const mark = within(screen.getByTestId('file-details')).getByTestId('source-rating');
    expect(mark.textContent).toBe('第 1 页');
    fireEvent.mouseEnter(mark);
    await waitFor(() =>
      expect(screen.getByRole('tooltip').textContent).toContain('第 1 页：Rating: Buy (maintained)'),
    );
  });

  it('shows nothing for a fact read before sources were kept', () => {
    renderWithApp(<FileDetails info={buildFileInfo()} views={1} />);
    expect(screen.queryByTestId('source-rating')).toBeNull();
  });
});
