import type { TableRef } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * A ref for antd's Table that lets a keyboard scroll the table sideways while it is wider than its
 * box (on a phone, or a wide console table): the scrolling area becomes a named, focusable region,
 * so Tab reaches it and the arrow keys scroll it, even when its rows hold no link or button (WCAG
 * 2.1.1; axe's scrollable-region-focusable). antd's Table has no prop for that area's attributes.
 * While the table fits, the area is left alone: no tab stop that does nothing.
 */
export function useKeyboardScroll(label: string) {
  const ref = useRef<TableRef>(null);
  // After every render: rows, columns and the empty state may have replaced the area or its width.
  useEffect(() => {
    const region = ref.current?.nativeElement?.querySelector<HTMLElement>(
      '.ant-table-content, .ant-table-body',
    );
    if (!region) return;
    const update = () => markScrollRegion(region, label);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(region);
    const table = region.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  });
  return ref;
}

/** Makes `region` a focusable, named region while its content is wider than it is, and plain otherwise. */
export function markScrollRegion(region: HTMLElement, label: string): void {
  if (region.scrollWidth > region.clientWidth) {
    region.tabIndex = 0;
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', label);
  } else {
    region.removeAttribute('tabindex');
    region.removeAttribute('role');
    region.removeAttribute('aria-label');
  }
}
