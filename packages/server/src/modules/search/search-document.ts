import { segmentText } from '../../text/segment.js';
import type { InferredMeta } from '../../pdf/infer-metadata.js';

/** The three weighted columns of the full-text index for one file. */
export function searchDocument(
  meta: InferredMeta,
  pages: string[],
): { title: string; meta: string; body: string } {
  // The companies an industry note mentions are found by their names and tickers as its subject's are.
  const tickers = [...meta.stockInformation, ...(meta.mentionedCompanies ?? [])]
    .flatMap((s) => [s.ticker, s.company_name])
    .filter(Boolean);
  return {
    title: segmentText(meta.title),
    meta: segmentText(
      [meta.issuer, ...meta.authors, ...meta.tags, ...meta.keywords, ...tickers].join(' \n '),
    ),
    body: segmentText(pages.join('\n')),
  };
}
