import { describe, expect, it } from 'vitest';
import { cyclePreviewMode, followingMode, requestPreviewMode } from './preview-mode';

describe('preview mode cycle', () => {
  it('cycles en, en_zh, zh, en', () => {
    expect(followingMode('en')).toBe('en_zh');
    expect(followingMode('en_zh')).toBe('zh');
    expect(followingMode('zh')).toBe('en');
  });

  it('refuses en_zh to zh while the translation is not finished', () => {
    for (const status of ['not_started', 'pending', 'failed'] as const) {
      expect(cyclePreviewMode('en_zh', status)).toEqual({ mode: 'en_zh', refused: true });
    }
    expect(cyclePreviewMode('en_zh', 'finish')).toEqual({ mode: 'zh', refused: false });
  });

  it('always allows en and en_zh, and leaving zh', () => {
    expect(cyclePreviewMode('en', 'not_started')).toEqual({ mode: 'en_zh', refused: false });
    expect(cyclePreviewMode('zh', 'finish')).toEqual({ mode: 'en', refused: false });
    expect(requestPreviewMode('zh', 'en_zh', 'finish')).toEqual({ mode: 'en_zh', refused: false });
  });

  it('a mode can be set directly; Chinese only still needs the translation', () => {
    expect(requestPreviewMode('en', 'zh', 'pending')).toEqual({ mode: 'en', refused: true });
    expect(requestPreviewMode('en', 'zh', 'finish')).toEqual({ mode: 'zh', refused: false });
  });
});
