import type { AllStarsRequest, CollectionResponse } from '@rl/contract';
import { isAbortError, isApiError } from './api-error';
import { decideErrorAction } from './error-catalogue';
import { postApi, type CallOptions } from './http-client';

/** Create, rename, add and remove answer the collection as it is now. */
const collectionOf = (answer: CollectionResponse) => answer.collection;

/**
 * The calls of my library (issue 5): stars, issuer stars, collections and downloads, typed by the
 * contract. Starring a single file lives in `filesApi.star`.
 */
export const libraryApi = {
  /** My starred files, newest star first, with the issuers of all of them for the filter. */
  allStars: (request: AllStarsRequest, options?: CallOptions) =>
    postApi('/api/file/allstars', request, (c) => c.AllStarsResponse, options),

  starIssuer: (issuer: string, active: boolean, options?: CallOptions) =>
    postApi('/api/file/issuer_star', { issuer, active_star: active }, (c) => c.IssuerStarResponse, options),

  issuerStars: (options?: CallOptions) =>
    postApi('/api/file/get_issuer_stars', {}, (c) => c.IssuerStarsResponse, options),

  collections: (options?: CallOptions) =>
    postApi('/api/file/collection/list', {}, (c) => c.CollectionListResponse, options),

  createCollection: (name: string, options?: CallOptions) =>
    postApi('/api/file/collection/create', { name }, (c) => c.CollectionResponse, options).then(collectionOf),

  renameCollection: (collectionId: string, name: string, options?: CallOptions) =>
    postApi(
      '/api/file/collection/rename',
      { collection_id: collectionId, name },
      (c) => c.CollectionResponse,
      options,
    ).then(collectionOf),

  deleteCollection: (collectionId: string, options?: CallOptions) =>
    postApi(
      '/api/file/collection/delete',
      { collection_id: collectionId },
      (c) => c.CollectionDeleteResponse,
      options,
    ),

  addToCollection: (collectionId: string, fileId: string, options?: CallOptions) =>
    postApi(
      '/api/file/collection/add',
      { collection_id: collectionId, file_id: fileId },
      (c) => c.CollectionResponse,
      options,
    ).then(collectionOf),

  removeFromCollection: (collectionId: string, fileId: string, options?: CallOptions) =>
    postApi(
      '/api/file/collection/remove',
      { collection_id: collectionId, file_id: fileId },
      (c) => c.CollectionResponse,
      options,
    ).then(collectionOf),

  collectionFiles: (collectionId: string, pageId: number, pageLength: number, options?: CallOptions) =>
    postApi(
      '/api/file/collection/files',
      { collection_id: collectionId, page_id: pageId, page_length: pageLength },
      (c) => c.CollectionFilesResponse,
      options,
    ),

  /** Which of my collections hold a file. */
  collectionsOf: (fileId: string, options?: CallOptions) =>
    postApi(
      '/api/file/collection/containing',
      { file_id: fileId },
      (c) => c.CollectionsOfFileResponse,
      options,
    ),

  /** My downloads, newest first. */
  downloadHistory: (pageId: number, pageLength: number, options?: CallOptions) =>
    postApi(
      '/api/file/download_history',
      { page_id: pageId, page_length: pageLength },
      (c) => c.DownloadHistoryResponse,
      options,
    ),

  /** Counts one download and answers a short-lived link to the bytes. */
  download: (fileId: string, options?: CallOptions) =>
    postApi('/api/file/download', { file_id: fileId }, (c) => c.DownloadResponse, options),
};

/** Query keys of my library, shared by the viewer, the filters and the bookmarks page. */
export const libraryKeys = {
  stars: ['stars'] as const,
  starsPage: (request: AllStarsRequest) => ['stars', request] as const,
  /** Everything about collections: invalidating it refreshes lists, counts and contents. */
  collections: ['collections'] as const,
  collectionList: ['collections', 'list'] as const,
  collectionFiles: (collectionId: string, pageId: number) =>
    ['collections', 'files', collectionId, pageId] as const,
  collectionsOf: (fileId: string) => ['collections', 'of', fileId] as const,
  /** One page of my download history. */
  downloadHistory: (pageId: number) => ['downloads', 'history', pageId] as const,
};

/**
 * The options of library calls whose failure the caller words itself: the catalogue still opens
 * the login or subscription modal (401, 403), leaves for the not-found page (404) and toasts 400
 * and 429, but stays silent about the rest.
 */
export const OWN_FAILURE_MESSAGE: CallOptions = { hideErrorMessage: true };

/** Whether a failed call made with `OWN_FAILURE_MESSAGE` still needs the caller's message. */
export function needsOwnMessage(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (!isApiError(error)) return true;
  return decideErrorAction(error, { loggedIn: true, hideErrorMessage: true }).kind === 'none';
}
