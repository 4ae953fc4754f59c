import type * as ContractModule from '@rl/contract';

/** The contract module: zod schemas of every call. */
export type Contract = typeof ContractModule;

let request: Promise<Contract> | null = null;

/**
 * Loads the contract's schemas. They (and zod) stay out of the first screen's JavaScript: the app
 * starts loading them at once and checks every answer against them.
 */
export function loadContract(): Promise<Contract> {
  request ??= import('zod').then((zod) => {
    // zod probes for eval (new Function) as it builds an object schema, to compile a fast parser;
    // the page's CSP refuses eval and the browser reports a violation. Told before the contract's
    // schemas are built, it parses without (as correct, and our answers are small).
    zod.config({ jitless: true });
    return import('@rl/contract');
  });
  return request;
}
