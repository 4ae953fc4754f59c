import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLocale, loadLocale } from '../../../../locale/i18n';
import { EMPTY_CRITERIA } from '../../../../stores/search-criteria';
import { renderWithApp, stubFetch } from '../../../../test/render';
import { FilterDrawer } from './filter-panel';

describe('the filter drawer (phones)', () => {
  beforeEach(() => vi.stubGlobal('fetch', stubFetch({})));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(async () => applyLocale('en-US'));
  });

  it('names the filters once, in its title, in Chinese too', async () => {
    await loadLocale('zh-CN');
    await act(async () => applyLocale('zh-CN'));
    renderWithApp(
      <FilterDrawer open onClose={() => undefined} criteria={EMPTY_CRITERIA} onChange={vi.fn()} />,
    );
    await screen.findByTestId('filter-drawer');
    await screen.findByTestId('filter-panel');
    expect(screen.getAllByText('筛选')).toHaveLength(1);
    expect(screen.getByTestId('filters-reset')).toBeTruthy();
  });
});
