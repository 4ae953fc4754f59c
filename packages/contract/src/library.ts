import { z } from 'zod';
import { FileId, IsoDate, issuedId, Ok, PagedAnswer, pageRequest } from './common.js';
import { FILE_STATUSES, REPORT_TYPES, VISIBILITIES } from './constants.js';
import { FileListItem, IssuerItem, StockInformation } from './files.js';
import { ResearchCorrection } from './companies.js';
import { SECTOR_IDS } from './research.js';
import { FileTakedown } from './takedown.js';
import {
  COLLECTION_NAME_MAX,
  ISSUER_NAME_MAX,
  LIBRARY_MAX_PAGE_LENGTH,
  LIBRARY_PAGE_SIZE,
  MY_FILE_TITLE_MAX,
  MY_FILE_AUTHORS_MAX,
  MY_FILE_AUTHOR_MAX,
  MY_FILE_TAGS_MAX,
  MY_FILE_TAG_MAX,
  UPLOAD_FILE_NAME_MAX,
} from './library-rules.js';

/**
 * My library (issue 5): stars, issuer stars, collections, uploads, my files and downloads. The
 * spec names the paths; the payloads are ours, in the spec's snake_case style.
 */

const Paging = pageRequest(LIBRARY_PAGE_SIZE, LIBRARY_MAX_PAGE_LENGTH);

/** Random public IDs of collections and upload sessions (same alphabet as file IDs). */
export const OpaqueId = issuedId('id');

// ---- stars ---------------------------------------------------------------------------------

/** `/api/file/star`: idempotent; starring twice leaves one star. */
export const StarRequest = z.object({ file_id: FileId, active_star: z.boolean() });
export const StarResponse = z.object({ file_id: z.string(), starred: z.boolean() });
export type StarResponse = z.infer<typeof StarResponse>;

/** `/api/file/allstars`: my starred files, newest star first; optional issuer and date filters. */
export const AllStarsRequest = z
  .object({
    ...Paging,
    issuer: z.string().trim().max(ISSUER_NAME_MAX).optional(),
    /** Publish date range of the starred reports. */
    from_date: IsoDate.optional(),
    to_date: IsoDate.optional(),
  })
  .refine((f) => !f.from_date || !f.to_date || f.from_date <= f.to_date, {
    message: 'from_date must not be after to_date',
    path: ['from_date'],
  });
export type AllStarsRequest = z.input<typeof AllStarsRequest>;

export const StarredFile = FileListItem.extend({ starred_time: z.string() });
export type StarredFile = z.infer<typeof StarredFile>;
export const AllStarsResponse = z.object({
  file_list: z.array(StarredFile),
  /** Issuers of all my starred files (for the issuer filter), with how many each. */
  issuers: z.array(IssuerItem),
  ...PagedAnswer,
});
export type AllStarsResponse = z.infer<typeof AllStarsResponse>;

/** `/api/file/issuer_star`: star or unstar an issuer by name (idempotent). */
export const IssuerStarRequest = z.object({
  issuer: z
    .string()
    .trim()
    .min(1, 'issuer is required')
    .max(ISSUER_NAME_MAX)
    .refine((s) => !/\p{Cc}/u.test(s), 'issuer has control characters'),
  active_star: z.boolean(),
});
export const IssuerStarResponse = z.object({ issuer: z.string(), starred: z.boolean() });
export type IssuerStarResponse = z.infer<typeof IssuerStarResponse>;

/** `/api/file/get_issuer_stars`: my starred issuers, by name, with their readable file counts. */
export const IssuerStarsResponse = z.object({ issuers: z.array(IssuerItem) });
export type IssuerStarsResponse = z.infer<typeof IssuerStarsResponse>;

// ---- collections (paid plan) ---------------------------------------------------------------

const CollectionName = z
  .string()
  .trim()
  .min(1, 'name is required')
  .max(COLLECTION_NAME_MAX, `name must be at most ${COLLECTION_NAME_MAX} characters`)
  .refine((s) => !/\p{Cc}/u.test(s), 'name has control characters');

export const Collection = z.object({
  id: z.string(),
  name: z.string(),
  file_count: z.number().int(),
  created_time: z.string(),
  updated_time: z.string(),
});
export type Collection = z.infer<typeof Collection>;

export const CollectionListResponse = z.object({ collections: z.array(Collection) });
export type CollectionListResponse = z.infer<typeof CollectionListResponse>;
/** Answer of create, rename, add and remove: the collection as it is now. */
export const CollectionResponse = z.object({ collection: Collection });
export type CollectionResponse = z.infer<typeof CollectionResponse>;
export const CollectionCreateRequest = z.object({ name: CollectionName });
export const CollectionRenameRequest = z.object({ collection_id: OpaqueId, name: CollectionName });
export const CollectionIdRequest = z.object({ collection_id: OpaqueId });
export const CollectionFileRequest = z.object({ collection_id: OpaqueId, file_id: FileId });
export const CollectionFilesRequest = z.object({ collection_id: OpaqueId, ...Paging });
export const CollectedFile = FileListItem.extend({ added_time: z.string() });
export type CollectedFile = z.infer<typeof CollectedFile>;
export const CollectionFilesResponse = z.object({
  collection: Collection,
  file_list: z.array(CollectedFile),
  ...PagedAnswer,
});
export type CollectionFilesResponse = z.infer<typeof CollectionFilesResponse>;
/** `/api/file/collection/containing`: which of my collections hold a file. */
export const CollectionsOfFileResponse = z.object({ collection_ids: z.array(z.string()) });
export type CollectionsOfFileResponse = z.infer<typeof CollectionsOfFileResponse>;
export const CollectionDeleteResponse = Ok;

export * from './takedown.js';

// ---- uploads and my files ------------------------------------------------------------------

/** One of my uploads, in any state. */
export const MyFile = z.object({
  id: z.string(),
  file_name: z.string(),
  title: z.string(),
  issuer: z.string(),
  status: z.enum(FILE_STATUSES),
  /** Why processing failed, in words, when status is failed. */
  fail_reason: z.string().nullable(),
  size_bytes: z.number().int(),
  page_count: z.number().int(),
  publish_date: z.string().nullable(),
  upload_time: z.string(),
  updated_time: z.string(),
  visibility: z.enum(VISIBILITIES),
  /** The analysts, what the report is and its tags, as read or as corrected. */
  authors: z.array(z.string()),
  report_type: z.enum(REPORT_TYPES),
  tags: z.array(z.string()),
  /**
   * The fields a person corrected (CORRECTABLE_FIELDS: title, issuer, publish_date, authors,
   * report_type, tags): a re-reading of the report keeps them as they were set.
   */
  corrected_fields: z.array(z.string()),
  /** The companies the note covers, with their ratings and targets, as read or as corrected. */
  stock_information: z.array(StockInformation),
  sector: z.enum(SECTOR_IDS).nullable(),
  /**
   * Set while a DMCA complaint keeps the file down: it is served nowhere (search, viewer, links),
   * so it cannot be opened, edited, published or unpublished; its owner may send a counter-notice.
   */
  takedown: FileTakedown.nullable(),
});
export type MyFile = z.infer<typeof MyFile>;

/** What my uploads use of my plan. */
export const UploadUsage = z.object({
  files: z.number().int(),
  max_files: z.number().int(),
  bytes: z.number().int(),
  max_bytes: z.number().int(),
  max_file_bytes: z.number().int(),
});
export type UploadUsage = z.infer<typeof UploadUsage>;

/** `/api/file/user_upload` (multipart, field `file`) and `/api/file/user_upload/complete`. */
export const UploadResponse = z.object({
  file: MyFile,
  /** True when I had already uploaded the same content: nothing new was stored. */
  duplicate: z.boolean(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

/** `/api/file/user_upload/init`: starts a chunked, resumable upload. */
export const UploadInitRequest = z.object({
  file_name: z.string().trim().min(1, 'file_name is required').max(UPLOAD_FILE_NAME_MAX),
  size_bytes: z.number().int().min(1, 'The file is empty'),
});
export type UploadInitRequest = z.infer<typeof UploadInitRequest>;
/** A chunked upload under way: send the chunk at `received_bytes` next. */
export const UploadSession = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  chunk_size: z.number().int(),
  received_bytes: z.number().int(),
  expires_time: z.string(),
});
export type UploadSession = z.infer<typeof UploadSession>;
export const UploadIdRequest = z.object({ upload_id: OpaqueId });
/** Query of `PUT /api/file/user_upload/chunk` (body: the raw bytes, application/octet-stream). */
export const UploadChunkQuery = z.object({
  upload_id: OpaqueId,
  offset: z.coerce.number().int().min(0),
});

/** `/api/file/myfiles`: my uploads, newest first. */
export const MyFilesRequest = z.object({ ...Paging, status: z.enum(FILE_STATUSES).optional() });
export type MyFilesRequest = z.input<typeof MyFilesRequest>;
export const MyFilesResponse = z.object({
  file_list: z.array(MyFile),
  usage: UploadUsage,
  ...PagedAnswer,
});
export type MyFilesResponse = z.infer<typeof MyFilesResponse>;
export const MyFileDeleteResponse = Ok;
/** `/api/file/myfiles/publish`: a paid user shares an upload with the library, or takes it back. */
export const PublishRequest = z.object({ file_id: FileId, publish: z.boolean() });
export const PublishResponse = z.object({ file: MyFile });
export type PublishResponse = z.infer<typeof PublishResponse>;
/** A corrected text field: trimmed, not empty, at most `max` characters, without control characters. */
const CorrectedText = (max: number, empty: string, tooLong: string) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .max(max, tooLong)
    .refine((s) => !/\p{Cc}/u.test(s), 'The text has control characters');

/**
 * `/api/file/myfiles/edit`: the owner corrects what the ingestion read: the title, the issuer
 * (broker), the publish date (null: no date), the analysts, the report type and the tags. The
 * fields given change and are kept through later re-readings; search sees them at once.
 */
export const MyFileEditRequest = z
  .object({
    file_id: FileId,
    document_title: CorrectedText(
      MY_FILE_TITLE_MAX,
      'Please enter a title',
      `A title is at most ${MY_FILE_TITLE_MAX} characters`,
    ).optional(),
    issuer: CorrectedText(
      ISSUER_NAME_MAX,
      'Please enter an issuer',
      `An issuer is at most ${ISSUER_NAME_MAX} characters`,
    ).optional(),
    publish_date: IsoDate.nullable().optional(),
    authors: z
      .array(
        CorrectedText(
          MY_FILE_AUTHOR_MAX,
          'Please enter an analyst',
          `An analyst's name is at most ${MY_FILE_AUTHOR_MAX} characters`,
        ),
      )
      .max(MY_FILE_AUTHORS_MAX, `At most ${MY_FILE_AUTHORS_MAX} analysts`)
      .optional(),
    report_type: z.enum(REPORT_TYPES).optional(),
    tags: z
      .array(
        CorrectedText(
          MY_FILE_TAG_MAX,
          'Please enter a tag',
          `A tag is at most ${MY_FILE_TAG_MAX} characters`,
        ),
      )
      .max(MY_FILE_TAGS_MAX, `At most ${MY_FILE_TAGS_MAX} tags`)
      .optional(),
    ...ResearchCorrection,
  })
  .refine((r) => Object.entries(r).some(([k, v]) => k !== 'file_id' && v !== undefined), {
    message: 'Give a new title, issuer, publish date, analysts, report type, tags, companies or sector',
  });
export type MyFileEditRequest = z.input<typeof MyFileEditRequest>;
export const MyFileEditResponse = z.object({ file: MyFile });
export type MyFileEditResponse = z.infer<typeof MyFileEditResponse>;

// ---- downloads (paid plan) -----------------------------------------------------------------

/** `/api/file/download`: counts one download and answers a short-lived link to the bytes. */
export const DownloadResponse = z.object({
  download_url: z.string(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  expires_time: z.string(),
});
export type DownloadResponse = z.infer<typeof DownloadResponse>;
/**
 * `GET /api/file/download_stream`: file_id, plus (for a link from /download, no bearer token)
 * the user the link was issued to, its expiry and its signature.
 */
export const DownloadStreamQuery = z.object({
  file_id: FileId,
  uid: OpaqueId.optional(),
  exp: z.coerce.number().int().optional(),
  sig: z.string().min(1).max(128).optional(),
});
export const DownloadHistoryRequest = z.object({ ...Paging });
export const DownloadRecord = z.object({
  file_id: z.string(),
  file_name: z.string(),
  /** The report's title; null once the file is no longer in the library. */
  title: z.string().nullable(),
  size_bytes: z.number().int(),
  downloaded_time: z.string(),
});
export type DownloadRecord = z.infer<typeof DownloadRecord>;
export const DownloadHistoryResponse = z.object({ items: z.array(DownloadRecord), ...PagedAnswer });
export type DownloadHistoryResponse = z.infer<typeof DownloadHistoryResponse>;
