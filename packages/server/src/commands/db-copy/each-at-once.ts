/**
 * Runs `fn` on every item, `lanes` at a time. After a failure no lane starts another item, and the
 * error is thrown only once every lane has stopped: nothing may still write when the caller's
 * transaction rolls back.
 */
export async function eachAtOnce<T>(
  items: T[],
  lanes: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: lanes }, lane));
  const rejected = results.find((r) => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}
