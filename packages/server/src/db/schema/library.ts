import type { Generated } from 'kysely';

/* A user's library: stars, collections, uploads under way and downloads. */

export interface FileStarsTable {
  user_id: string;
  file_seq: number;
  created_at: string;
}

export interface CollectionsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface CollectionFilesTable {
  collection_id: string;
  file_seq: number;
  added_at: string;
}

export interface UploadSessionsTable {
  id: string;
  user_id: string;
  file_name: string;
  size_bytes: number;
  chunk_size: number;
  received_bytes: Generated<number>;
  created_at: string;
  updated_at: string;
  expires_at: string;
  /** Who writes the next chunk (or completes the upload), until `claimed_until` (the database's clock). */
  claimed_by: Generated<string | null>;
  claimed_until: Generated<string | null>;
}

export interface DownloadsTable {
  id: Generated<number>;
  user_id: string;
  username: string;
  file_id: string;
  file_name: string;
  size_bytes: number;
  ip: string;
  created_at: string;
}

/** What a user follows (a company, broker, sector, analyst or saved search): follows.ts. */
export interface FollowsTable {
  id: string;
  user_id: string;
  kind: 'company' | 'issuer' | 'sector' | 'analyst' | 'search';
  /** What a report must carry to match: a ticker, an issuer, a sector id, a folded analyst name, a saved search's canonical JSON. */
  key: string;
  label: string;
  /** A saved search's keyword and filters (JSON); null for the other kinds. */
  search: string | null;
  paused: Generated<number>;
  created_at: string;
}

/** The index of saved searches: a search is a candidate for a report carrying any of its terms. */
export interface FollowTermsTable {
  term: string;
  follow_id: string;
}

/** A report in a user's inbox: once, with the follows it matched (JSON list of follow ids). */
export interface InboxItemsTable {
  user_id: string;
  file_seq: number;
  follow_ids: string;
  arrived_at: string;
  read_at: string | null;
}

/** An e-mail digest of a user's new reports for one period (d:YYYY-MM-DD, w:YYYY-Www), sent once. */
/** When a user is next looked at for a digest (migration 0029). */
export interface DigestDueTable {
  user_id: string;
  /** The start of their next period (ISO), or their plan's end when sooner. */
  due_at: string;
  /** What their periods were counted from: frequency, zone, plan and its end (modules/digests/repo.ts). */
  basis: string;
}

export interface DigestsTable {
  id: Generated<number>;
  user_id: string;
  period: string;
  state: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  /** The inbox arrivals it lists: after items_since, until items_until (ISO). */
  items_since: string;
  items_until: string;
  item_count: Generated<number>;
  attempts: Generated<number>;
  /** When a queued digest is due (a failed send is retried later). */
  next_attempt_at: string;
  /** The worker sending it, until lease_until (the database's clock). */
  locked_by: string | null;
  lease_until: string | null;
  last_error: string | null;
  /** The same Message-ID on every try, so a receiver can tell a repeated try from a new digest. */
  message_id: string;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}
