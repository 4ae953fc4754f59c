import { useLayoutEffect, useState, type RefObject } from 'react';

export interface ScrollViewport {
  scrollTop: number;
  width: number;
  height: number;
}

const EMPTY: ScrollViewport = { scrollTop: 0, width: 0, height: 0 };

/** The scroll position and inner size of a scroll container, updated at most once a frame. */
export function useScrollViewport(ref: RefObject<HTMLElement | null>): ScrollViewport {
  const [viewport, setViewport] = useState(EMPTY);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = { scrollTop: element.scrollTop, width: element.clientWidth, height: element.clientHeight };
      setViewport((previous) =>
        previous.scrollTop === next.scrollTop &&
        previous.width === next.width &&
        previous.height === next.height
          ? previous
          : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const resizeObserver = new ResizeObserver(schedule);
    resizeObserver.observe(element);
    element.addEventListener('scroll', schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resizeObserver.disconnect();
      element.removeEventListener('scroll', schedule);
    };
  }, [ref]);

  return viewport;
}
