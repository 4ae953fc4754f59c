import { libraryApi, OWN_FAILURE_MESSAGE } from '../../../../api/library-api';

/**
 * Asks the server for a download link (this counts one download of the plan) and lets the
 * browser fetch it: the link answers with `Content-Disposition: attachment`, so the page stays.
 * Rejects with the call's error; the catalogue has already opened the plans modal on a 403.
 */
export async function startDownload(fileId: string): Promise<string> {
  const link = await libraryApi.download(fileId, OWN_FAILURE_MESSAGE);
  const anchor = document.createElement('a');
  anchor.href = link.download_url;
  anchor.download = link.file_name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
  }
  return link.file_name;
}
