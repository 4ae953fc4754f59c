import type { CounterNotice, DmcaComplaint } from '@rl/contract';
import type { DmcaListRow } from './repo.js';
import type { CounterNoticeRow } from './takedown.js';

/** A counter-notice as the console reads it. */
export const presentCounterNotice = (n: CounterNoticeRow): CounterNotice => ({
  id: n.id,
  complaint_id: n.complaint_id,
  file_id: n.file_id,
  status: n.status,
  user_id: n.user_id,
  username: n.username,
  full_name: n.full_name,
  address: n.address,
  city: n.city,
  country: n.country,
  zip_code: n.zip_code,
  phone: n.phone,
  email: n.email,
  statement: n.statement,
  signature: n.signature,
  notes: n.notes,
  handled_by: n.handled_by,
  created_time: n.created_at,
  updated_time: n.updated_at,
});

/** A complaint as the console reads it, with its latest counter-notice. */
export const presentComplaint = (r: DmcaListRow, notice: CounterNoticeRow | undefined): DmcaComplaint => ({
  id: r.id,
  status: r.status,
  first_name: r.first_name,
  last_name: r.last_name,
  address: r.address,
  copyright_holder: r.copyright_holder,
  city: r.city,
  state: r.state,
  country: r.country,
  zip_code: r.zip_code,
  phone: r.phone,
  email: r.email,
  filename: r.filename,
  description: r.description,
  signature: r.signature,
  file_id: r.file_id,
  file_title: r.file_title,
  file_taken_down_time: r.file_taken_down_at,
  notes: r.notes,
  ip: r.ip,
  created_time: r.created_at,
  updated_time: r.updated_at,
  handled_by: r.handled_by,
  counter_notice: notice ? presentCounterNotice(notice) : null,
});
