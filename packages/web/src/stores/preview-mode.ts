import type { TranslateStatus } from '@rl/contract/constants';

/** PDF preview modes: the original, original and Chinese side by side, Chinese only. */
export const PREVIEW_MODES = ['en', 'en_zh', 'zh'] as const;
export type PreviewMode = (typeof PREVIEW_MODES)[number];

export interface PreviewModeChange {
  mode: PreviewMode;
  /** True when the move was refused; the caller shows an info message. */
  refused: boolean;
}

/** The cycle en → en_zh → zh → en (SPEC.md section 4). */
export function followingMode(mode: PreviewMode): PreviewMode {
  const index = PREVIEW_MODES.indexOf(mode);
  return PREVIEW_MODES[(index + 1) % PREVIEW_MODES.length]!;
}

/**
 * Moves to a mode. Chinese only needs the finished translation: while it is not finished the
 * move is refused and the mode stays.
 */
export function requestPreviewMode(
  current: PreviewMode,
  target: PreviewMode,
  translateStatus: TranslateStatus,
): PreviewModeChange {
  if (target === 'zh' && current !== 'zh' && translateStatus !== 'finish')
    return { mode: current, refused: true };
  return { mode: target, refused: false };
}

export function cyclePreviewMode(current: PreviewMode, translateStatus: TranslateStatus): PreviewModeChange {
  return requestPreviewMode(current, followingMode(current), translateStatus);
}
