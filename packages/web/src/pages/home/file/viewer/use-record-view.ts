import { useEffect, useState } from 'react';
import { filesApi } from '../../../../api/files-api';

/** The same report opened again within this time counts as one view (e.g. React's double effects in development). */
const SAME_VIEW_MS = 5000;
let lastView: { fileId: string; at: number } | null = null;

/** Records one view of the report when it opens; returns the count the server gives back. */
export function useRecordView(fileId: string | null): number | null {
  const [recorded, setRecorded] = useState<{ fileId: string; views: number } | null>(null);
  useEffect(() => {
    if (!fileId) return;
    const now = Date.now();
    if (lastView && lastView.fileId === fileId && now - lastView.at < SAME_VIEW_MS) return;
    lastView = { fileId, at: now };
    filesApi
      .recordView(fileId)
      .then((response) => setRecorded({ fileId, views: response.views }))
      .catch(() => undefined);
  }, [fileId]);
  return recorded?.fileId === fileId ? recorded.views : null;
}
