import { useState } from 'react';

/** Becomes true the first time `value` is true and stays true. */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
