import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fileDetailsPath } from '../files/file-details-path';

/** A link to a file's details in the console; clicking it does not also click the row. */
export function FileDetailsLink({ fileId, children }: { fileId: string; children: ReactNode }) {
  return (
    <Link
      to={fileDetailsPath(fileId)}
      onClick={(event) => event.stopPropagation()}
      data-testid="dmca-file-link"
    >
      {children}
    </Link>
  );
}
