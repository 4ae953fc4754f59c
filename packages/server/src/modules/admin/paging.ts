/** Paging of the console's lists: the page asked for as LIMIT/OFFSET, and the answer's paging fields. */
export interface AdminPage {
  page_id: number;
  page_length: number;
}

export const pageWindow = (p: AdminPage) => ({
  limit: p.page_length,
  offset: (p.page_id - 1) * p.page_length,
});

export const pagedAnswer = <T>(p: AdminPage, items: T[], total: number) => ({
  items,
  total_items: total,
  page_id: p.page_id,
  page_length: p.page_length,
});
