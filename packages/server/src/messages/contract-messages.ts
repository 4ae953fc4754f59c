import * as contract from '@rl/contract';

/**
 * The messages the contract's schemas were given for their own checks (`.min(1, 'Please enter…')`,
 * `{ error: '…' }`, a refinement's message): found by walking every schema the contract exports,
 * so a test can hold each of them to a Chinese form in the catalogue.
 */
export function contractMessages(): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) {
      // A plain object of schemas: an object schema's shape.
      for (const value of Object.values(node)) walk(value);
      return;
    }
    if (typeof def.error === 'function') {
      const text: unknown = (def.error as (issue: unknown) => unknown)({});
      if (typeof text === 'string') found.add(text);
      else if (text && typeof text === 'object' && 'message' in text) found.add(String(text.message));
    }
    for (const [key, value] of Object.entries(def)) if (key !== 'error') walk(value);
  };
  Object.values(contract).forEach(walk);
  return found;
}
