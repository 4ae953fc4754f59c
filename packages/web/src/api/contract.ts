import type * as ContractModule from '@rl/contract';

/** The contract module: zod schemas of every call. */
export type Contract = typeof ContractModule;

let request: Promise<Contract> | null = null;

/**
 * Loads the contract's schemas. They (and zod) stay out of the first screen's JavaScript: the app
 * starts loading them at once and checks every answer against them.
 */
export function loadContract(): Promise<Contract> {
  request ??= import('./zod-jitless').then(() => import('@rl/contract'));
  return request;
}
