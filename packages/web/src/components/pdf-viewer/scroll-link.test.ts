import { describe, expect, it } from 'vitest';
import type { PagePosition } from './page-layout';
import { createScrollLink } from './scroll-link';

describe('scroll link', () => {
  it('moves the other views, not the one that scrolled, and keeps the last place', () => {
    const link = createScrollLink();
    const seenByA: PagePosition[] = [];
    const seenByB: PagePosition[] = [];
    const a = link.join((p) => seenByA.push(p));
    const b = link.join((p) => seenByB.push(p));
    a.publish({ page: 3, offset: 0.25 });
    expect(seenByA).toEqual([]);
    expect(seenByB).toEqual([{ page: 3, offset: 0.25 }]);
    b.leave();
    a.publish({ page: 4, offset: 0 });
    expect(seenByB).toHaveLength(1);
    expect(link.last).toEqual({ page: 4, offset: 0 });
  });
});
