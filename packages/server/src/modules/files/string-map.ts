/** A stored JSON object's string values by key; anything else (not JSON, not an object) is empty. */
export function stringMapOf(json: string | null | undefined): Record<string, string> {
  let v: unknown;
  try {
    v = JSON.parse(json || '{}');
  } catch {
    return {};
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
