import type { PageSize } from './page-layout';

export type Zoom = { kind: 'fitWidth' } | { kind: 'fitPage' } | { kind: 'scale'; value: number };

export const ZOOM_LEVELS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 3;
/** Horizontal room kept around a page (padding and scrollbar), in CSS pixels. */
const SIDE_ROOM = 40;
const VERTICAL_ROOM = 24;

const clamp = (value: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, value));

/** The scale a zoom setting means for a page size in a container. */
export function resolveScale(
  zoom: Zoom,
  page: PageSize,
  container: { width: number; height: number },
): number {
  if (zoom.kind === 'scale') return clamp(zoom.value);
  if (page.width <= 0 || container.width <= 0) return 1;
  const fitWidth = (container.width - SIDE_ROOM) / page.width;
  if (zoom.kind === 'fitWidth') return clamp(fitWidth);
  const fitHeight = (container.height - VERTICAL_ROOM) / page.height;
  return clamp(Math.min(fitWidth, fitHeight));
}

/** The next zoom level above (direction 1) or below (-1) the current scale. */
export function steppedZoom(scale: number, direction: 1 | -1): Zoom {
  const epsilon = 0.01;
  const next =
    direction === 1
      ? ZOOM_LEVELS.find((level) => level > scale + epsilon)
      : [...ZOOM_LEVELS].reverse().find((level) => level < scale - epsilon);
  return { kind: 'scale', value: next ?? (direction === 1 ? MAX_SCALE : MIN_SCALE) };
}
