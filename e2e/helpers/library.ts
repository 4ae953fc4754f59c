import type { FileListItem, SearchRequest, SearchResponse } from '@rl/contract';
import { fileAgeAllowed, PLANS } from '@rl/contract/constants';

/** Whether the free plan (and so a visitor) may open the report: today's, or older than a year. */
export function openToVisitors(file: Pick<FileListItem, 'publish_date'>): boolean {
  return fileAgeAllowed(PLANS.trial, file.publish_date, new Date().toISOString().slice(0, 10));
}

/** Asks the server directly, to choose test data that exists in the generated library. */
export async function searchLibrary(baseUrl: string, request: SearchRequest): Promise<SearchResponse> {
  const response = await fetch(`${baseUrl}/api/file/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`search failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SearchResponse;
}

/** The first candidate word that finds at least `min` reports, with highlighted snippets. */
export async function keywordWithResults(baseUrl: string, candidates: string[], min = 2): Promise<string> {
  for (const keyword of candidates) {
    const result = await searchLibrary(baseUrl, { keyword, page_length: 5 });
    if (result.total_items >= min && result.file_list.some((file) => file.snippet.includes('<mark>')))
      return keyword;
  }
  throw new Error(`none of ${candidates.join(', ')} finds ${min} reports`);
}

/** A report a visitor may open with at least `pages` pages, the shortest such (else the longest), optionally in one language. */
export async function reportWithPages(
  baseUrl: string,
  pages: number,
  language?: 'en' | 'zh',
): Promise<FileListItem> {
  const all = await searchLibrary(baseUrl, {
    keyword: '',
    page_length: 100,
    filter: language ? { language: [language] } : {},
  });
  const open = all.file_list.filter(openToVisitors);
  // The shortest of those long enough (a journey turns to its later pages), else the longest.
  const longEnough = open.filter((f) => f.page_count >= pages).sort((a, b) => a.page_count - b.page_count);
  const chosen = longEnough[0] ?? open.sort((a, b) => b.page_count - a.page_count)[0];
  if (!chosen) throw new Error('the library is empty');
  return chosen;
}
