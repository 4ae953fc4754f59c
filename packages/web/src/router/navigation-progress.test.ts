import NProgress from 'nprogress';
import { describe, expect, it, vi } from 'vitest';
import { attachNavigationProgress } from './navigation-progress';

describe('navigation progress bar', () => {
  it('starts at the start of each navigation and finishes when it settles', () => {
    const start = vi.spyOn(NProgress, 'start').mockReturnValue(NProgress);
    const done = vi.spyOn(NProgress, 'done').mockReturnValue(NProgress);
    let listener: (state: { navigation: { state: string } }) => void = () => undefined;
    const unsubscribe = vi.fn();
    const detach = attachNavigationProgress({
      subscribe: (next) => {
        listener = next;
        return unsubscribe;
      },
    });
    listener({ navigation: { state: 'loading' } });
    expect(start).toHaveBeenCalledTimes(1);
    listener({ navigation: { state: 'idle' } });
    expect(done).toHaveBeenCalledTimes(1);
    detach();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
