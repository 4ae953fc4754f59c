import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { buildFileInfo } from '../test/fixtures';
import type { TranslationApi } from './translation-poll';
import { createViewerStore } from './viewer-store';

/** A store showing a file whose reader just chose English / Chinese, once the first calls answered. */
async function askForChinese(translation: TranslationApi) {
  const store = createViewerStore({ star: vi.fn(), translation });
  store.getState().loadFile(buildFileInfo(), false);
  store.getState().setPreviewMode('en_zh');
  await vi.advanceTimersByTimeAsync(0);
  return store;
}

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

  it('takes the renewed Chinese link of a refreshed detail and keeps the reader’s mode', () => {
    const store = createViewerStore({ star: vi.fn(), translation: null });
    const info = buildFileInfo({
      cn_pdf_translate_status: 'finish',
      multi_language_encrypted_file_url: { 'zh-hans': '/zh.pdf?exp=1&sig=a' },
    });
    store.getState().loadFile(info, false);
    store.getState().setPreviewMode('zh');
    store
      .getState()
      .loadFile({ ...info, multi_language_encrypted_file_url: { 'zh-hans': '/zh.pdf?exp=2&sig=b' } }, false);
    expect(store.getState()).toMatchObject({ previewMode: 'zh', chineseFileUrl: '/zh.pdf?exp=2&sig=b' });
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
      let finish!: (answer: { starred: boolean }) => void;
      const star = vi.fn(() => new Promise<{ starred: boolean }>((resolve) => (finish = resolve)));
      const store = createViewerStore({ star, translation: null });
      const info = buildFileInfo();
      store.getState().loadFile(info, false);
      const pending = store.getState().toggleStar();
      expect(store.getState()).toMatchObject({ starred: true, starPending: true });
      expect(star).toHaveBeenCalledWith(info.id, true);
      expect(await store.getState().toggleStar()).toEqual({ kind: 'skipped' });
      finish({ starred: true });
      expect(await pending).toEqual({ kind: 'saved', fileId: info.id, starred: true });
      expect(store.getState()).toMatchObject({ starred: true, starPending: false });
    });

    it('takes the flag the server answers', async () => {
      const store = createViewerStore({ star: vi.fn(async () => ({ starred: false })), translation: null });
      store.getState().loadFile(buildFileInfo(), false);
      expect((await store.getState().toggleStar()).kind).toBe('saved');
      expect(store.getState().starred).toBe(false);
    });

    it('reverts when the call fails and hands back the error', async () => {
      const error = new Error('no');
      const store = createViewerStore({ star: vi.fn().mockRejectedValue(error), translation: null });
      store.getState().loadFile(buildFileInfo(), true);
      expect(await store.getState().toggleStar()).toEqual({ kind: 'reverted', error });
      expect(store.getState()).toMatchObject({ starred: true, starPending: false });
    });

    it('leaves the next file alone when an earlier call answers late', async () => {
      let fail!: (error: Error) => void;
      const star = vi.fn(() => new Promise<{ starred: boolean }>((_, reject) => (fail = reject)));
      const store = createViewerStore({ star, translation: null });
      store.getState().loadFile(buildFileInfo(), false);
      const pending = store.getState().toggleStar();
      const next = buildFileInfo();
      store.getState().loadFile(next, true);
      fail(new Error('late'));
      expect((await pending).kind).toBe('reverted');
      expect(store.getState()).toMatchObject({ fileId: next.id, starred: true, starPending: false });
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
      // The refused step to Chinese only is taken once the translation is finished.
      expect(store.getState()).toMatchObject({
        translateStatus: 'finish',
        chineseFileUrl: '/zh.pdf',
        translationNotice: null,
        previewMode: 'zh',
        chineseWanted: false,
      });
      expect(store.getState().cyclePreviewMode()).toEqual({ mode: 'en', refused: false });
    });

    it('Chinese asked for from English starts the translation and opens once it is finished', async () => {
      let status: 'pending' | 'finish' = 'pending';
      const translation: TranslationApi = {
        query: vi.fn(async () => ({
          task_status: status,
          encrypted_file_url: status === 'finish' ? '/zh.pdf' : null,
        })),
        submit: vi.fn(async () => undefined),
      };
      const store = createViewerStore({ star: vi.fn(), translation });
      store.getState().loadFile(buildFileInfo(), false);
      expect(store.getState().setPreviewMode('zh')).toEqual({ mode: 'en', refused: true });
      expect(store.getState()).toMatchObject({
        previewMode: 'en',
        translationNotice: 'running',
        chineseWanted: true,
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(translation.query).toHaveBeenCalledTimes(1);
      status = 'finish';
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.getState()).toMatchObject({
        previewMode: 'zh',
        chineseFileUrl: '/zh.pdf',
        chineseWanted: false,
      });
    });

    it('a mode chosen while the translation runs cancels the wish for Chinese', async () => {
      let status: 'pending' | 'finish' = 'pending';
      const translation: TranslationApi = {
        query: vi.fn(async () => ({
          task_status: status,
          encrypted_file_url: status === 'finish' ? '/zh.pdf' : null,
        })),
        submit: vi.fn(async () => undefined),
      };
      const store = createViewerStore({ star: vi.fn(), translation });
      store.getState().loadFile(buildFileInfo(), false);
      store.getState().setPreviewMode('zh');
      await vi.advanceTimersByTimeAsync(0);
      store.getState().setPreviewMode('en_zh');
      status = 'finish';
      await vi.advanceTimersByTimeAsync(1000);
      expect(store.getState()).toMatchObject({
        previewMode: 'en_zh',
        chineseFileUrl: '/zh.pdf',
        chineseWanted: false,
      });
    });

    it('without translation calls, asking for Chinese says so and wants nothing', () => {
      const store = createViewerStore({ star: vi.fn(), translation: null });
      store.getState().loadFile(buildFileInfo(), false);
      expect(store.getState().setPreviewMode('zh').refused).toBe(true);
      expect(store.getState()).toMatchObject({
        previewMode: 'en',
        translationNotice: 'unavailable',
        chineseWanted: false,
      });
    });

    it('falls back to English with an error after the second failure', async () => {
      const translation: TranslationApi = {
        query: vi.fn(async () => ({ task_status: 'failed' as const })),
        submit: vi.fn(async () => undefined),
      };
      const store = await askForChinese(translation);
      expect(store.getState()).toMatchObject({
        previewMode: 'en',
        translationNotice: 'failed',
        translateFailedRetry: true,
        translateStatus: 'failed',
      });
      expect(translation.submit).toHaveBeenCalledTimes(1);
    });

    it('shows the progress while the translation runs', async () => {
      const translation: TranslationApi = {
        query: vi.fn(async () => ({ task_status: 'pending' as const, progress: 0.4 })),
        submit: vi.fn(async () => undefined),
      };
      const store = await askForChinese(translation);
      expect(store.getState()).toMatchObject({ translateStatus: 'pending', translateProgress: 0.4 });
      store.getState().closeFile();
    });

    it('says so when the server has no translation service, and goes back to English', async () => {
      const unavailable = new ApiError(
        'http',
        503,
        { error_msg: 'No translation service is configured', code: 'translation_unavailable' },
        'HTTP 503',
      );
      const translation: TranslationApi = {
        query: vi.fn(async () => ({ task_status: 'not_started' as const })),
        submit: vi.fn().mockRejectedValue(unavailable),
      };
      const store = await askForChinese(translation);
      expect(store.getState()).toMatchObject({
        previewMode: 'en',
        translationNotice: 'unavailable',
        translateStatus: 'not_started',
      });
      expect(translation.submit).toHaveBeenCalledTimes(1);
    });

    it('leaves a refused call (login, quota) to the catalogue and goes back to English quietly', async () => {
      const translation: TranslationApi = {
        query: vi.fn().mockRejectedValue(new ApiError('http', 401, { error_msg: 'Log in' }, 'HTTP 401')),
        submit: vi.fn(async () => undefined),
      };
      const store = await askForChinese(translation);
      expect(store.getState()).toMatchObject({ previewMode: 'en', translationNotice: null });
      expect(translation.submit).not.toHaveBeenCalled();
    });

    it('loading another file cancels the pending poll', async () => {
      const translation: TranslationApi = {
        query: vi.fn(async () => ({ task_status: 'pending' as const })),
        submit: vi.fn(async () => undefined),
      };
      const store = await askForChinese(translation);
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
