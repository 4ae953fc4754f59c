import { useEffect, useState } from 'react';
import { filesApi } from '../../../../api/files-api';

/**
 * Records a view of the report when it opens; returns the count the server gives back. The
 * server counts each viewer once per report and day, so opening the report again (or React
 * running the effect twice in development) sends a view that adds nothing.
 */
export function useRecordView(fileId: string | null): number | null {
  const [recorded, setRecorded] = useState<{ fileId: string; views: number } | null>(null);
  useEffect(() => {
    if (!fileId) return;
    let current = true;
    filesApi
      .recordView(fileId)
      .then((response) => {
        if (current) setRecorded({ fileId, views: response.views });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [fileId]);
  return recorded?.fileId === fileId ? recorded.views : null;
}
