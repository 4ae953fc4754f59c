import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedSnippet, HighlightedTitle } from './highlighted-snippet';

describe('highlighted title and snippet', () => {
  it('marks the matches of a title, as text', () => {
    const { container } = render(
      <h3>
        <HighlightedTitle
          title="US inflation: <the> last mile"
          html={'US <mark>inflation</mark>: &lt;the&gt; last mile'}
        />
      </h3>,
    );
    expect(container.textContent).toBe('US inflation: <the> last mile');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['inflation']);
  });

  it('shows the plain title when nothing in it matched', () => {
    const { container } = render(<HighlightedTitle title="Copper outlook" html={undefined} />);
    expect(container.textContent).toBe('Copper outlook');
    expect(container.querySelector('mark')).toBeNull();
  });

  it('shows a Chinese match as one mark, without a gap', () => {
    const { container } = render(<HighlightedSnippet html="储能：<mark>新</mark><mark>能源</mark>的" />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['新能源']);
  });
});
