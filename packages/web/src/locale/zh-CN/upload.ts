import type { upload as en } from '../en-US/upload';

export const upload: Record<keyof typeof en, string> = {};
