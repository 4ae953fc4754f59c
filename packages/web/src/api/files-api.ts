import type { SearchRequest } from '@rl/contract';
import { TRANSLATION_LANG } from '@rl/contract/constants';
import { postApi, type CallOptions } from './http-client';

/** The calls of the file library (SPEC.md section 7), typed by the contract. */
export const filesApi = {
  search: (request: SearchRequest, options?: CallOptions) =>
    postApi('/api/file/search', request, (c) => c.SearchResponse, options),

  detail: (fileId: string, options?: CallOptions) =>
    postApi('/api/file/file_detail', { file_id: fileId }, (c) => c.FileDetailResponse, options),

  /** Records a view; failing to record one never bothers the reader. */
  recordView: (fileId: string) =>
    postApi('/api/file/view', { file_id: fileId }, (c) => c.ViewResponse, { catalogue: false }),

  issuers: (inputContent: string, options?: CallOptions) =>
    postApi(
      '/api/file/issuer',
      inputContent.trim() ? { input_content: inputContent.trim() } : {},
      (c) => c.IssuerResponse,
      options,
    ),

  /** Stars or unstars a file (idempotent); answers whether it is starred now. */
  star: (fileId: string, active: boolean, options?: CallOptions) =>
    postApi('/api/file/star', { file_id: fileId, active_star: active }, (c) => c.StarResponse, options),

  /**
   * The file's summary: the stored one (nothing counted), or, for a report not summarised yet,
   * written now (one use of the summary quota).
   */
  summary: (fileId: string, options?: CallOptions) =>
    postApi('/api/file/summary', { file_id: fileId }, (c) => c.SummaryResponse, options),

  /** The shared Chinese translation's status, progress and, once finished, its PDF's URL. */
  translationStatus: (fileId: string, options?: CallOptions) =>
    postApi(
      '/api/file/translate/query',
      { file_id: fileId, to_lang: TRANSLATION_LANG },
      (c) => c.TranslateQueryResponse,
      options,
    ),

  /** Starts or joins the file's Chinese translation (counts the translation quota unless finished). */
  submitTranslation: (fileId: string, options?: CallOptions) =>
    postApi(
      '/api/file/translate/submit',
      { file_id: fileId, to_lang: TRANSLATION_LANG },
      (c) => c.TranslateSubmitResponse,
      options,
    ),
};

/** Query keys of the file calls, for the features that update or refresh them. */
export const fileKeys = {
  detail: (fileId: string) => ['file-detail', fileId] as const,
  /** Every issuer list, whatever was typed. */
  issuers: ['issuers'] as const,
  issuersFor: (input: string) => ['issuers', input] as const,
};
