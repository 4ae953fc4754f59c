import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render';
import { PageCountFilter } from './page-count-filter';

describe('page count filter', () => {
  it('applies the bounds on Enter', () => {
    const onChange = vi.fn();
    renderWithApp(<PageCountFilter min={undefined} max={undefined} onChange={onChange} />);
    const min = screen.getByLabelText('Min');
    fireEvent.change(min, { target: { value: '5' } });
    fireEvent.keyDown(min, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenCalledWith({ min_page: 5, max_page: undefined });
  });

  it('refuses a minimum above the maximum and says why', () => {
    const onChange = vi.fn();
    renderWithApp(<PageCountFilter min={undefined} max={10} onChange={onChange} />);
    const min = screen.getByLabelText('Min');
    fireEvent.change(min, { target: { value: '20' } });
    fireEvent.blur(min);
    expect(screen.getByText('The minimum must not exceed the maximum')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
