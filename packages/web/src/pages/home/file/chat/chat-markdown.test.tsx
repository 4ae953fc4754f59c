import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../locale/i18n';
import { ChatMarkdown, citedPages } from './chat-markdown';

initI18n();

function renderMarkdown(text: string) {
  const onCite = vi.fn();
  const view = render(<ChatMarkdown text={text} onCite={onCite} />);
  return { onCite, container: view.container };
}

describe('chat Markdown', () => {
  it('keeps HTML as text: a script stays visible and nothing is injected', () => {
    const text = '<script>window.hacked = true</script> and <img src=x onerror="alert(1)"> **<b>x</b>**';
    const { container } = renderMarkdown(text);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.querySelector('strong')?.textContent).toBe('<b>x</b>');
  });

  it('renders paragraphs, line breaks, bold and both kinds of list', () => {
    const { container } = renderMarkdown(
      'First **key** line\nsecond line\n\n- one\n- two [p. 2]\n\n3. third\n4. fourth\n\n## Risks',
    );
    const paragraphs = container.querySelectorAll('p');
    expect(paragraphs[0]?.querySelector('br')).not.toBeNull();
    expect(paragraphs[0]?.querySelector('strong')?.textContent).toBe('key');
    expect([...container.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two p. 2']);
    const ordered = container.querySelector('ol');
    expect(ordered?.getAttribute('start')).toBe('3');
    expect(ordered?.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('.rl-chat-md__heading strong')?.textContent).toBe('Risks');
  });

  it('turns [p. N] into chips that cite the page', () => {
    const { onCite } = renderMarkdown('Margins fell [p. 4] and **debt rose [p. 7]**; see [p. 9, 11].');
    const chips = screen.getAllByTestId('chat-citation');
    expect(chips.map((chip) => chip.getAttribute('data-page'))).toEqual(['4', '7', '9', '11']);
    fireEvent.click(chips[1]!);
    expect(onCite).toHaveBeenCalledWith(7);
  });

  it('reads page lists and ranges', () => {
    expect(citedPages('3')).toEqual([3]);
    expect(citedPages('3, 5')).toEqual([3, 5]);
    expect(citedPages('3-5')).toEqual([3, 4, 5]);
    expect(citedPages('0')).toEqual([]);
  });

  it('leaves an unfinished bold mark (mid-stream) as text', () => {
    const { container } = renderMarkdown('Growth was **stro');
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toBe('Growth was **stro');
  });
});
