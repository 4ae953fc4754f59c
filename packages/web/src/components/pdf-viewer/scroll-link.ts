import type { PagePosition } from './page-layout';

/** One view's membership of a link: it tells the others where it is, until it leaves. */
export interface ScrollLinkMember {
  publish(position: PagePosition): void;
  leave(): void;
}

/**
 * Keeps views of documents with the same pages (a report beside its translation) at the same
 * place: when the reader scrolls one, the others follow page by page. The last place is kept, so
 * a view that joins later opens where the others are.
 */
export interface ScrollLink {
  join(follow: (position: PagePosition) => void): ScrollLinkMember;
  readonly last: PagePosition | null;
}

export function createScrollLink(): ScrollLink {
  const followers = new Set<(position: PagePosition) => void>();
  let last: PagePosition | null = null;
  return {
    get last() {
      return last;
    },
    join(follow) {
      followers.add(follow);
      return {
        publish(position) {
          last = position;
          for (const other of followers) if (other !== follow) other(position);
        },
        leave: () => followers.delete(follow),
      };
    },
  };
}
