import type { FileInfo } from '@rl/contract';
import { ERROR_CODES, TRANSLATION_LANG, type TranslateStatus } from '@rl/contract/constants';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isApiError } from '../api/api-error';
import { filesApi } from '../api/files-api';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';
import {
  cyclePreviewMode,
  requestPreviewMode,
  type PreviewMode,
  type PreviewModeChange,
} from './preview-mode';
import { startTranslationPoll, type TranslationApi } from './translation-poll';

export type SummaryDisplay = 'standard' | 'compact';
/**
 * How a star toggle ended: saved (with the server's flag), skipped (nothing was sent: no file, or
 * a toggle already under way) or reverted (the call failed; the flag is back as it was).
 */
export type StarOutcome =
  | { kind: 'saved'; fileId: string; starred: boolean }
  | { kind: 'skipped' }
  | { kind: 'reverted'; error: unknown };
/** What the preview says about the Chinese version. */
export type TranslationNotice = 'running' | 'failed' | 'unavailable' | null;

export interface ViewerState {
  fileId: string | null;
  previewMode: PreviewMode;
  translateStatus: TranslateStatus;
  translateFailedRetry: boolean;
  /** Share of the pages translated, 0 to 1, while the translation runs. */
  translateProgress: number;
  chineseFileUrl: string | null;
  translationNotice: TranslationNotice;
  /** Chinese only was asked for before the translation finished: it opens when it does. */
  chineseWanted: boolean;
  starred: boolean;
  starPending: boolean;
  summaryDisplay: SummaryDisplay;
  /** Whether the result list stays visible next to an open file. */
  showFileList: boolean;
  /** Whether the details, summary and chat panel shows beside the PDF. */
  showDetails: boolean;
  /** A page the preview is asked to scroll to (a chat citation); `seq` tells repeated asks apart. */
  pageRequest: PageRequest | null;
  /** Shows a file; loading another file cancels any pending translation poll. */
  loadFile(info: FileInfo, starred: boolean): void;
  closeFile(): void;
  setPreviewMode(mode: PreviewMode): PreviewModeChange;
  cyclePreviewMode(): PreviewModeChange;
  /** Optimistic: the flag flips at once and flips back if the call fails. */
  toggleStar(): Promise<StarOutcome>;
  setSummaryDisplay(display: SummaryDisplay): void;
  /** On a narrow screen the result list and the details panel take turns, so the PDF keeps its room. */
  setShowFileList(show: boolean): void;
  setShowDetails(show: boolean): void;
  /** Scrolls the PDF preview to a 1-based page. */
  requestPage(page: number): void;
}

export interface PageRequest {
  page: number;
  seq: number;
}

export interface ViewerDependencies {
  /** Answers whether the file is starred now. */
  star(fileId: string, active: boolean): Promise<{ starred: boolean }>;
  /** `null`: the Chinese version is not offered at all. */
  translation: TranslationApi | null;
}

function storedSummaryDisplay(): SummaryDisplay {
  return readStorage(STORAGE_KEYS.viewerPreferences) === 'compact' ? 'compact' : 'standard';
}

/**
 * What a stopped poll leaves: two failed runs show the failure message; a call that failed shows
 * why when it is about translation (no service configured), and nothing when the error catalogue
 * already spoke (login needed, quota spent: its modals).
 */
function stoppedPollState(error: unknown): Partial<ViewerState> {
  if (error === undefined) return { translateStatus: 'failed', translationNotice: 'failed' };
  if (isApiError(error) && error.body?.code === ERROR_CODES.translationUnavailable)
    return { translationNotice: 'unavailable' };
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return { translationNotice: null };
  return { translationNotice: 'failed' };
}

/** The translation as the detail reports it; "finish" without a Chinese URL counts as not started. */
function translationOf(info: FileInfo): { status: TranslateStatus; chineseFileUrl: string | null } {
  const url = info.multi_language_encrypted_file_url[TRANSLATION_LANG] ?? null;
  if (info.cn_pdf_translate_status !== 'finish')
    return { status: info.cn_pdf_translate_status, chineseFileUrl: null };
  return url ? { status: 'finish', chineseFileUrl: url } : { status: 'not_started', chineseFileUrl: null };
}

const PER_FILE_RESET = {
  previewMode: 'en' as PreviewMode,
  translateStatus: 'not_started' as TranslateStatus,
  translateFailedRetry: false,
  translateProgress: 0,
  chineseFileUrl: null,
  translationNotice: null,
  chineseWanted: false,
  starred: false,
  starPending: false,
  pageRequest: null,
};

export function createViewerStore(
  deps: ViewerDependencies,
  isWideScreen: () => boolean = () => false,
): StoreApi<ViewerState> {
  let cancelPoll: (() => void) | null = null;
  const stopPoll = () => {
    cancelPoll?.();
    cancelPoll = null;
  };

  return createStore<ViewerState>()((set, get) => {
    const ensureTranslation = () => {
      const state = get();
      if (state.translateStatus === 'finish' || cancelPoll || !state.fileId) return;
      if (!deps.translation) {
        set({ translationNotice: 'unavailable' });
        return;
      }
      const fileId = state.fileId;
      const stillCurrent = () => get().fileId === fileId;
      set({ translationNotice: 'running' });
      cancelPoll = startTranslationPoll(
        fileId,
        deps.translation,
        {
          onStatus: (status, progress) =>
            stillCurrent() && set({ translateStatus: status, translateProgress: progress }),
          onRetry: () => stillCurrent() && set({ translateFailedRetry: true }),
          onFinish: (url) => {
            cancelPoll = null;
            if (stillCurrent())
              set({
                translateStatus: 'finish',
                chineseFileUrl: url,
                translationNotice: null,
                ...(get().chineseWanted ? { previewMode: 'zh' as const, chineseWanted: false } : {}),
              });
          },
          onFailed: (error) => {
            cancelPoll = null;
            if (stillCurrent()) set({ previewMode: 'en', chineseWanted: false, ...stoppedPollState(error) });
          },
        },
        { alreadyRetried: state.translateFailedRetry },
      );
    };

    const applyMode = (change: PreviewModeChange) => {
      if (change.refused) {
        // Only Chinese is ever refused: start its translation, and open it once finished.
        set({ chineseWanted: true });
        ensureTranslation();
        if (!deps.translation) set({ chineseWanted: false });
        return change;
      }
      set({
        chineseWanted: false,
        previewMode: change.mode,
        translationNotice: change.mode === 'en' ? null : get().translationNotice,
      });
      if (change.mode !== 'en') ensureTranslation();
      return change;
    };

    return {
      fileId: null,
      ...PER_FILE_RESET,
      summaryDisplay: storedSummaryDisplay(),
      showFileList: isWideScreen(),
      showDetails: true,

      loadFile(info, starred) {
        if (get().fileId === info.id) {
          // A refreshed detail of the open file: its preview links were renewed (they live minutes).
          const renewed = translationOf(info).chineseFileUrl;
          if (renewed && get().chineseFileUrl) set({ chineseFileUrl: renewed });
          return;
        }
        stopPoll();
        const { status, chineseFileUrl } = translationOf(info);
        set({
          ...PER_FILE_RESET,
          fileId: info.id,
          translateStatus: status,
          translateFailedRetry: info.translate_failed_retry,
          chineseFileUrl,
          starred,
        });
      },

      closeFile() {
        stopPoll();
        set({ fileId: null, ...PER_FILE_RESET });
      },

      setPreviewMode: (mode) => applyMode(requestPreviewMode(get().previewMode, mode, get().translateStatus)),
      cyclePreviewMode: () => applyMode(cyclePreviewMode(get().previewMode, get().translateStatus)),

      async toggleStar() {
        const { fileId, starred, starPending } = get();
        if (!fileId || starPending) return { kind: 'skipped' };
        set({ starred: !starred, starPending: true });
        try {
          const answer = await deps.star(fileId, !starred);
          if (get().fileId === fileId) set({ starred: answer.starred, starPending: false });
          return { kind: 'saved', fileId, starred: answer.starred };
        } catch (error) {
          if (get().fileId === fileId) set({ starred, starPending: false });
          return { kind: 'reverted', error };
        }
      },

      setSummaryDisplay(display) {
        writeStorage(STORAGE_KEYS.viewerPreferences, display);
        set({ summaryDisplay: display });
      },

      setShowFileList: (showFileList) =>
        set(showFileList && !isWideScreen() ? { showFileList, showDetails: false } : { showFileList }),
      setShowDetails: (showDetails) =>
        set(showDetails && !isWideScreen() ? { showDetails, showFileList: false } : { showDetails }),
      requestPage: (page) => set({ pageRequest: { page, seq: (get().pageRequest?.seq ?? 0) + 1 } }),
    };
  });
}

/** Wide screens keep the result list beside an open report; narrower ones give the PDF the room. */
const WIDE_SCREEN_PX = 1600;

export const viewerStore = createViewerStore(
  {
    // The toggle says itself that the star was not saved; the catalogue keeps its modals.
    star: (fileId, active) => filesApi.star(fileId, active, { hideErrorMessage: true }),
    // Errors of the poll's calls show in the preview; the catalogue keeps its modals (401, 403).
    translation: {
      query: (fileId, signal) => filesApi.translationStatus(fileId, { signal, hideErrorMessage: true }),
      submit: (fileId, signal) => filesApi.submitTranslation(fileId, { signal, hideErrorMessage: true }),
    },
  },
  () => typeof window !== 'undefined' && window.innerWidth >= WIDE_SCREEN_PX,
);

export function useViewerStore<T>(selector: (state: ViewerState) => T): T {
  return useStore(viewerStore, selector);
}
