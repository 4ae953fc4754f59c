import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildFileInfo } from '../test/fixtures';
import type { TranslationApi } from './translation-poll';
import { createViewerStore } from './viewer-store';

describe('viewer store', () => {
  it('starts every file in English and keeps a finished translation', () => {
    const store = createViewerStore({ star: vi.fn(), translation: null });
    const info = buildFileInfo({
      cn_pdf_translate_status: 'finish',
      multi_language_encrypted_file_url: { 'zh-hans': '/zh.pdf' },
    });
    store.getState().loadFile(info, true);
    expect(store.getState()).toMatchObject({
      fileId: info.id,
      previewMode: 'en',
      translateStatus: 'finish',
      chineseFileUrl: '/zh.pdf',
      starred: true,
    });
    expect(store.getState().setPreviewMode('zh')).toEqual({ mode: 'zh', refused: false });
  });

  it('says the translation is unavailable while the server has no translation calls', () => {
    const store = createViewerStore({ star: vi.fn(), translation: null });
    store.getState().loadFile(buildFileInfo(), false);
    store.getState().setPreviewMode('en_zh');
    expect(store.getState()).toMatchObject({ previewMode: 'en_zh', translationNotice: 'unavailable' });
    expect(store.getState().cyclePreviewMode()).toEqual({ mode: 'en_zh', refused: true });
    store.getState().setPreviewMode('en');
    expect(store.getState().translationNotice).toBeNull();
  });

  describe('optimistic star', () => {
    it('flips at once and stays on success', async () => {
      let finish!: () => void;
      const star = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      const store = createViewerStore({ star, translation: null });
      const info = buildFileInfo();
      store.getState().loadFile(info, false);
      const pending = store.getState().toggleStar();
      expect(store.getState()).toMatchObject({ starred: true, starPending: true });
      expect(star).toHaveBeenCalledWith(info.id, true);
      finish();
      expect(await pending).toBe(true);
      expect(store.getState()).toMatchObject({ starred: true, starPending: false });
    });

    it('reverts when the call fails', async () => {
      const store = createViewerStore({
        star: vi.fn().mockRejectedValue(new Error('no')),
        translation: null,
      });
      store.getState().loadFile(buildFileInfo(), true);
      expect(await store.getState().toggleStar()).toBe(false);
      expect(store.getState()).toMatchObject({ starred: true, starPending: false });
    });
  });

  describe('translation', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('polls in en_zh and opens zh once finished', async () => {
      const statuses = ['pending', 'finish'] as const;
      let i = 0;
      const translation: TranslationApi = {
        query: vi.fn(async () => {
          const status = statuses[Math.min(i++, 1)]!;
          return { task_status: status, encrypted_file_url: status === 'finish' ? '/zh.pdf' : null };
        }),
        submit: vi.fn(async () => undefined),
      };
      const store = createViewerStore({ star: vi.fn(), translation });
      store.getState().loadFile(buildFileInfo({ cn_pdf_translate_status: 'pending' }), false);
      store.getState().setPreviewMode('en_zh');
      expect(store.getState().translationNotice).toBe('running');
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getState().cyclePreviewMode().refused).toBe(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.getState()).toMatchObject({
        translateStatus: 'finish',
        chineseFileUrl: '/zh.pdf',
        translationNotice: null,
      });
      expect(store.getState().cyclePreviewMode()).toEqual({ mode: 'zh', refused: false });
    });

    it('falls back to English with an error after the second failure', async () => {
      const translation: TranslationApi = {
        query: vi.fn(async () => ({ task_status: 'failed' as const })),
        submit: vi.fn(async () => undefined),
      };
      const store = createViewerStore({ star: vi.fn(), translation });
      store.getState().loadFile(buildFileInfo(), false);
      store.getState().setPreviewMode('en_zh');
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getState()).toMatchObject({
        previewMode: 'en',
        translationNotice: 'failed',
        translateFailedRetry: true,
        translateStatus: 'failed',
      });
      expect(translation.submit).toHaveBeenCalledTimes(1);
    });

    it('loading another file cancels the pending poll', async () => {
      const translation: TranslationApi = {
        query: vi.fn(async () => ({ task_status: 'pending' as const })),
        submit: vi.fn(async () => undefined),
      };
      const store = createViewerStore({ star: vi.fn(), translation });
      store.getState().loadFile(buildFileInfo(), false);
      store.getState().setPreviewMode('en_zh');
      await vi.advanceTimersByTimeAsync(0);
      store.getState().loadFile(buildFileInfo(), false);
      await vi.advanceTimersByTimeAsync(5000);
      expect(translation.query).toHaveBeenCalledTimes(1);
      expect(store.getState()).toMatchObject({ previewMode: 'en', translationNotice: null });
    });
  });

  it('remembers the summary display', () => {
    const store = createViewerStore({ star: vi.fn(), translation: null });
    store.getState().setSummaryDisplay('compact');
    expect(createViewerStore({ star: vi.fn(), translation: null }).getState().summaryDisplay).toBe('compact');
  });
});

describe('viewer panels', () => {
  it('on a narrow screen the result list and the details take turns', () => {
    const store = createViewerStore({ star: vi.fn(), translation: null }, () => false);
    expect(store.getState()).toMatchObject({ showFileList: false, showDetails: true });
    store.getState().setShowFileList(true);
    expect(store.getState()).toMatchObject({ showFileList: true, showDetails: false });
    store.getState().setShowDetails(true);
    expect(store.getState()).toMatchObject({ showFileList: false, showDetails: true });
  });

  it('on a wide screen both stay', () => {
    const store = createViewerStore({ star: vi.fn(), translation: null }, () => true);
    expect(store.getState()).toMatchObject({ showFileList: true, showDetails: true });
    store.getState().setShowDetails(false);
    store.getState().setShowDetails(true);
    expect(store.getState()).toMatchObject({ showFileList: true, showDetails: true });
  });
});
