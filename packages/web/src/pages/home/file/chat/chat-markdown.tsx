import type { ReactNode } from 'react';
import { CitationChip } from './citation-chip';

/**
 * The answers' Markdown, rendered as React elements only (so every character of the text stays
 * text: `<script>` is shown, never run): paragraphs, line breaks, `**bold**`, bulleted and numbered
 * lists, headings shown as bold lines, and page citations `[p. 3]` (also `[p. 3, 5]`, `[pp. 3-4]`)
 * as chips that scroll the PDF. Anything else shows as written.
 */
export function ChatMarkdown({ text, onCite }: { text: string; onCite(page: number): void }) {
  return (
    <div className="rl-chat-md">{parseBlocks(text).map((block, i) => renderBlock(block, i, onCite))}</div>
  );
}

type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[][] };

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

export function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      current = null;
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', text: heading[1] ?? '' });
      current = null;
    } else if (bullet || numbered) {
      const ordered = numbered !== null;
      const content = (bullet ? bullet[1] : numbered?.[2]) ?? '';
      if (current?.kind !== 'list' || current.ordered !== ordered) {
        current = { kind: 'list', ordered, start: numbered ? Number(numbered[1]) : 1, items: [] };
        blocks.push(current);
      }
      current.items.push([content]);
    } else if (current?.kind === 'list') {
      // A line under an item without a blank line continues that item.
      current.items[current.items.length - 1]?.push(line.trim());
    } else if (current?.kind === 'paragraph') {
      current.lines.push(line);
    } else {
      current = { kind: 'paragraph', lines: [line] };
      blocks.push(current);
    }
  }
  return blocks;
}

function renderBlock(block: Block, key: number, onCite: (page: number) => void): ReactNode {
  switch (block.kind) {
    case 'heading':
      return (
        <p key={key} className="rl-chat-md__heading">
          <strong>{renderInline(block.text, onCite)}</strong>
        </p>
      );
    case 'paragraph':
      return <p key={key}>{renderLines(block.lines, onCite)}</p>;
    case 'list': {
      const items = block.items.map((lines, i) => <li key={i}>{renderLines(lines, onCite)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
  }
}

function renderLines(lines: string[], onCite: (page: number) => void): ReactNode[] {
  return lines.flatMap((line, i) => {
    const inline = <span key={`l${i}`}>{renderInline(line, onCite)}</span>;
    return i === 0 ? [inline] : [<br key={`b${i}`} />, inline];
  });
}

/** `**bold**` and `[p. N]`; the citation pattern also matches inside bold text. */
const INLINE =
  /\*\*(?=\S)(.+?)\*\*|\[(?:p|pp|page|pages)\.?\s*(\d{1,5}(?:\s*(?:[,，、–-]|and)\s*\d{1,5})*)\]/gi;

export function citedPages(list: string): number[] {
  const pages: number[] = [];
  for (const part of list.split(/\s*(?:[,，、]|and)\s*/)) {
    const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (to >= from && to - from < 50) for (let p = from; p <= to; p += 1) pages.push(p);
      else pages.push(from);
    } else if (/^\d+$/.test(part)) {
      pages.push(Number(part));
    }
  }
  return pages.filter((page) => page >= 1);
}

function renderInline(text: string, onCite: (page: number) => void, insideBold = false): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index;
    if (match[1] !== undefined && insideBold) continue;
    if (index > last) nodes.push(text.slice(last, index));
    if (match[1] !== undefined) {
      nodes.push(<strong key={key++}>{renderInline(match[1], onCite, true)}</strong>);
    } else {
      const pages = citedPages(match[2] ?? '');
      if (pages.length === 0) nodes.push(match[0]);
      for (const page of pages) nodes.push(<CitationChip key={key++} page={page} onCite={onCite} />);
    }
    last = index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
