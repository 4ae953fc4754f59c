import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import { EMPTY_CRITERIA, type SearchCriteria } from '../../../../stores/search-criteria';
import type { CriteriaChange } from '../use-search-url';
import { FilterPanel } from './filter-panel';
import { PageCountFilter } from './page-count-filter';

const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });
const enter = (box: HTMLElement) => fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });

type Bounds = { min: number | undefined; max: number | undefined };

/** The filter with props the test changes, as the URL changes them. */
function renderHost(onChange: (range: object) => void, initial: Bounds = { min: undefined, max: undefined }) {
  const host = { set: (_bounds: Bounds) => {} };
  function Host() {
    const [bounds, setBounds] = useState(initial);
    useEffect(() => {
      host.set = setBounds;
    }, []);
    return <PageCountFilter min={bounds.min} max={bounds.max} onChange={onChange} />;
  }
  renderWithApp(<Host />);
  return host;
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** The filter panel over criteria held in state, as the page holds them in the URL. */
function PanelHost({ onCriteria }: { onCriteria(criteria: SearchCriteria): void }) {
  const [criteria, setCriteria] = useState<SearchCriteria>(EMPTY_CRITERIA);
  const onChange = (change: CriteriaChange) =>
    setCriteria((current) => {
      const next = change(current);
      onCriteria(next);
      return next;
    });
  return <FilterPanel criteria={criteria} onChange={onChange} />;
}

describe('page count filter', () => {
  it('applies the bounds on Enter', () => {
    const onChange = vi.fn();
    renderWithApp(<PageCountFilter min={undefined} max={undefined} onChange={onChange} />);
    const min = screen.getByLabelText('Min');
    type(min, '5');
    enter(min);
    expect(onChange).toHaveBeenCalledWith({ min_page: 5 });
  });

  it('refuses a minimum above the maximum and says why', () => {
    const onChange = vi.fn();
    renderWithApp(<PageCountFilter min={undefined} max={10} onChange={onChange} />);
    const min = screen.getByLabelText('Min');
    type(min, '20');
    fireEvent.blur(min);
    expect(screen.getByText('The minimum must not exceed the maximum')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps both bounds when Min is applied and then Max is typed in the panel', () => {
    const seen: SearchCriteria[] = [];
    renderWithApp(<PanelHost onCriteria={(c) => seen.push(c)} />);
    const min = screen.getByLabelText('Min');
    const max = screen.getByLabelText('Max');
    type(min, '5');
    fireEvent.blur(min);
    // The same box is still there after Min applied: what is typed in it is not lost.
    expect(screen.getByLabelText('Max')).toBe(max);
    type(max, '20');
    enter(max);
    expect(seen.at(-1)?.filter).toEqual({ min_page: 5, max_page: 20 });
    expect(value('Min')).toBe('5');
    expect(value('Max')).toBe('20');
  }, 30_000);

  it('keeps what is typed in Max while Min is applied', () => {
    const onChange = vi.fn();
    const host = renderHost(onChange);
    const max = screen.getByLabelText('Max');
    type(screen.getByLabelText('Min'), '5');
    enter(screen.getByLabelText('Min'));
    expect(onChange).toHaveBeenLastCalledWith({ min_page: 5 });
    type(max, '20');
    // The URL catches up with Min while Max is being typed.
    act(() => host.set({ min: 5, max: undefined }));
    expect(value('Min')).toBe('5');
    expect(value('Max')).toBe('20');
    enter(max);
    expect(onChange).toHaveBeenLastCalledWith({ max_page: 20 });
  });

  it('shows the bounds of new props when nothing is being typed (reset, Back)', () => {
    const host = renderHost(vi.fn(), { min: 3, max: 9 });
    expect(value('Min')).toBe('3');
    act(() => host.set({ min: undefined, max: undefined }));
    expect(value('Min')).toBe('');
    expect(value('Max')).toBe('');
  });

  it('clears a bound when its box is emptied', () => {
    const onChange = vi.fn();
    renderWithApp(<PageCountFilter min={4} max={undefined} onChange={onChange} />);
    const min = screen.getByLabelText('Min');
    type(min, '');
    fireEvent.blur(min);
    expect(onChange).toHaveBeenCalledWith({ min_page: undefined });
  });
});
