import type { DownloadRecord } from '@rl/contract';
import type { DownloadRow } from './repo.js';

/** A row of the download history as the user's history shows it (the console adds the address). */
export const presentDownload = (r: DownloadRow): DownloadRecord => ({
  file_id: r.file_id,
  file_name: r.file_name,
  // An untitled reading has an empty title: the file name stands in for it.
  title: r.title === null ? null : r.title || r.file_name,
  size_bytes: r.size_bytes,
  downloaded_time: r.created_at,
});
