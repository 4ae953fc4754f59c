import { snippetParts } from './snippet-parts';

/** Text with the search's matches highlighted (escaped HTML with <mark>); rendered as text, never as HTML. */
export function HighlightedText({ html }: { html: string }) {
  return (
    <>
      {snippetParts(html).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

/** A search snippet with its matches highlighted. */
export function HighlightedSnippet({ html, className }: { html: string; className?: string }) {
  if (snippetParts(html).length === 0) return null;
  return (
    <p className={className}>
      <HighlightedText html={html} />
    </p>
  );
}

/** A result's title, its matches highlighted when the server marked them (`title_html`). */
export function HighlightedTitle({ title, html }: { title: string; html: string | undefined }) {
  return html && snippetParts(html).length > 0 ? <HighlightedText html={html} /> : <>{title}</>;
}
