import type { Generated } from 'kysely';

/* The console and the public forms: admin sessions and audit, DMCA, contact, the security check. */

/** An admin's session (issue 7): like `sessions`, shorter-lived, never accepted by user calls. */
export interface AdminSessionsTable {
  /** sha256 (hex) of the admin token. */
  token_hash: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
  last_used_at: string;
  revoked_at: string | null;
}

/** One admin action: who, what, on which target, the state before and after (JSON), when. */
export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: string;
  admin_username: string;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** A DMCA complaint (issue 7); `status` is one of the contract's DMCA_STATUSES. */
export interface DmcaComplaintsTable {
  id: string;
  status: 'received' | 'under_review' | 'accepted' | 'rejected' | 'counter_notice';
  first_name: string;
  last_name: string;
  address: string;
  copyright_holder: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
  phone: string;
  email: string;
  filename: string;
  description: string;
  signature: string;
  /** JSON object: confirmation → true. */
  confirmations: string;
  /** The reported file (files.id), once known; not a foreign key (the record outlives the file). */
  file_id: string | null;
  notes: Generated<string>;
  ip: string;
  /** Username of the admin who last changed it. */
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A counter-notice: the owner of a taken-down upload answers the complaint behind it. */
export interface DmcaCounterNoticesTable {
  id: string;
  complaint_id: string;
  file_id: string;
  /** The file's owner who sent it. */
  user_id: string;
  status: 'received' | 'forwarded' | 'restored' | 'rejected';
  full_name: string;
  address: string;
  city: string;
  country: string;
  zip_code: string;
  phone: string;
  email: string;
  statement: string;
  signature: string;
  /** JSON object: confirmation → true. */
  confirmations: string;
  notes: Generated<string>;
  /** Username of the admin who last changed it. */
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A contact-us message (issue 7). */
export interface ContactMessagesTable {
  id: string;
  subject: string;
  message: string;
  email: string;
  user_id: string | null;
  username: string | null;
  ip: string;
  /** 0 or 1. */
  handled: Generated<number>;
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A security-check solution already accepted, kept until its challenge expires (replay guard). */
export interface SecurityCheckSpentTable {
  challenge: string;
  expires_at: string;
}
