import type { library as en } from '../en-US/library';

export const library: Record<keyof typeof en, string> = {};
