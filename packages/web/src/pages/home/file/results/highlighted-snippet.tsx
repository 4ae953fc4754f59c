import { snippetParts } from './snippet-parts';

/** A search snippet with its matches highlighted; rendered as text, never as HTML. */
export function HighlightedSnippet({ html, className }: { html: string; className?: string }) {
  const parts = snippetParts(html);
  if (parts.length === 0) return null;
  return (
    <p className={className}>
      {parts.map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </p>
  );
}
